import * as z from "zod";
import { call } from "./calls";
import { Ok } from "./common";

/** What POST /s3 answers: the upload's id and the URL (under /api) that serves it. */
export const UploadResult = z.object({ id: z.string(), url: z.string() });
export type UploadResult = z.infer<typeof UploadResult>;

/** Spec section 9: "League image: 2 MB, 1000 px." The largest image stored (bigger ones are scaled down to fit). */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_MAX_SIDE = 1000;
export const UPLOAD_TYPES = ["image/png", "image/jpeg"] as const;

/** Where an upload is served: `GET /api/s3/{id}` answers the image bytes (no JSON envelope, no sign-in). */
export const UPLOAD_PATH = "/s3/:id";
export const uploadUrl = (id: string) => `/api/s3/${encodeURIComponent(id)}`;

/**
 * Spec: "Image upload: multipart form with img and a generated id". POST /s3 takes the form (fields `id`,
 * a random UUID, then `img`, a PNG or JPEG of at most 2 MB); DELETE /s3/{id} is for its uploader only.
 */
export const uploadsCalls = {
  upload: call({ method: "POST", path: "/s3", auth: true, result: UploadResult }),
  remove: call({ method: "DELETE", path: "/s3/:id", auth: true, result: Ok }),
} as const;
