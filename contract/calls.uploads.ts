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

/** POST /s3's form: `id` (a random UUID; generated when left out), then `img`. The type is judged by the bytes. */
export const UploadForm = z.object({
  id: z.guid().optional(),
  img: z
    .file()
    .max(UPLOAD_MAX_BYTES)
    .mime([...UPLOAD_TYPES]),
});

/**
 * Spec: "Image upload: multipart form with img and a generated id". POST /s3 takes the form (fields `id`,
 * a random UUID, then `img`, a PNG or JPEG of at most 2 MB); DELETE /s3/{id} is for its uploader only.
 */
export const uploadsCalls = {
  upload: call({
    method: "POST",
    path: "/s3",
    auth: true,
    form: UploadForm,
    result: UploadResult,
    // 409 on `fields.id`: the id is taken (nothing is overwritten).
    errors: {
      400: ["notImage", "notBlob", "required"],
      409: ["validation"],
      413: ["fileTooLarge"],
      429: ["tooManyRequests"],
    },
  }),
  remove: call({
    method: "DELETE",
    path: "/s3/:id",
    auth: true,
    result: Ok,
    errors: { 403: ["forbidden"], 404: ["notFound"] },
  }),
} as const;
