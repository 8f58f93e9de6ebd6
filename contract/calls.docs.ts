import { raw } from "./calls";

/** The API's description (OpenAPI 3.1, generated from the catalogue) and the page that browses it. */
export const OPENAPI_PATH = "/openapi.json";
export const DOCS_PATH = "/docs";

export const docsCalls = {
  openapi: raw({ method: "GET", path: OPENAPI_PATH, auth: false, answers: { 200: ["application/json"] } }),
  page: raw({ method: "GET", path: DOCS_PATH, auth: false, answers: { 200: ["text/html"] } }),
  /** The browser's own files (Swagger UI, served by this server: the page needs nothing from elsewhere). */
  asset: raw({
    method: "GET",
    path: `${DOCS_PATH}/:file`,
    auth: false,
    answers: { 200: ["text/css", "text/javascript"] },
    errors: { 404: ["notFound"] },
  }),
} as const;
