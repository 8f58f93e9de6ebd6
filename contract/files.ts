// Spec section 5: "An upload must be a Blob or File with a type starting with image, else 'The file given is
// not an image' or 'The file given is not an instance of Blob or File'." Checked before anything is sent.

export function imageFileError(file: unknown): "notBlob" | "notImage" | null {
  if (typeof Blob === "undefined" || !(file instanceof Blob)) return "notBlob";
  if (!file.type.startsWith("image")) return "notImage";
  return null;
}
