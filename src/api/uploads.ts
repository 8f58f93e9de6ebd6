import { uploadsCalls as calls } from "../../contract/calls.uploads";
import { request } from "./client";

/** Spec: "Image upload: multipart form with img and a generated id"; "Upload id is a random UUID." */
export function uploadImage(img: Blob, fileName = "league.jpg") {
  const form = new FormData();
  form.append("id", crypto.randomUUID());
  form.append("img", img, fileName);
  return request(calls.upload, { form });
}

export const deleteUpload = (id: string) => request(calls.remove, { params: { id } });
