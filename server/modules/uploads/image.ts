import sharp from "sharp";
import { UPLOAD_MAX_SIDE } from "../../../contract/calls.uploads";
import { fieldError } from "../../http/errors";

export type ImageType = "image/png" | "image/jpeg";
export type Encoded = { bytes: Buffer; contentType: ImageType; width: number; height: number };

/** The type by the file's own first bytes (its name and declared type are the sender's word, not proof). */
export function sniff(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return null;
}

// A 2 MB file can still claim a huge canvas (a decompression bomb): refuse above this many pixels.
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Decodes and re-encodes the image with sharp: only pixels survive (no metadata, no trailing payload
 * hidden after the image), EXIF orientation is applied, and the picture is scaled down to fit
 * 1000 × 1000 (spec: "League image: 2 MB, 1000 px"). PNG stays PNG, JPEG stays JPEG.
 */
export async function reencode(bytes: Buffer): Promise<Encoded> {
  const contentType = sniff(bytes);
  if (!contentType) throw fieldError(400, "notImage", "img");
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const meta = await image.metadata();
    // The decoder must agree with the magic bytes (a PNG header on something else is refused).
    if (
      (contentType === "image/png" && meta.format !== "png") ||
      (contentType === "image/jpeg" && meta.format !== "jpeg")
    )
      throw new Error("format mismatch");
    const resized = image
      .rotate()
      .resize({ width: UPLOAD_MAX_SIDE, height: UPLOAD_MAX_SIDE, fit: "inside", withoutEnlargement: true });
    const encoded =
      contentType === "image/png" ? resized.png({ compressionLevel: 9 }) : resized.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType, width: info.width, height: info.height };
  } catch {
    throw fieldError(400, "notImage", "img");
  }
}
