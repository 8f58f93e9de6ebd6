import { raw } from "./calls";
import { UPLOAD_PATH, UPLOAD_TYPES } from "./calls.uploads";

const SVG = ["image/svg+xml"] as const;

/**
 * The images the image fields point at: generated SVG pictures of riders, teams and tracks (contract/pictures.ts;
 * 304 when the ETag in If-None-Match still holds) and the images players uploaded with POST /s3.
 */
export const picturesCalls = {
  rider: raw({
    method: "GET",
    path: "/pictures/riders/:id.svg",
    auth: false,
    answers: { 200: SVG, 304: [] },
    errors: { 404: ["notFound"] },
  }),
  team: raw({
    method: "GET",
    path: "/pictures/teams/:id.svg",
    auth: false,
    answers: { 200: SVG, 304: [] },
    errors: { 404: ["notFound"] },
  }),
  track: raw({
    method: "GET",
    path: "/pictures/tracks/:id.svg",
    auth: false,
    answers: { 200: SVG, 304: [] },
    errors: { 404: ["notFound"] },
  }),
  upload: raw({
    method: "GET",
    path: UPLOAD_PATH,
    auth: false,
    answers: { 200: UPLOAD_TYPES },
    errors: { 404: ["notFound"] },
  }),
} as const;
