import { LEAGUE_IMAGE } from "../../contract/leagues";

// Pictures players frame before they are sent: the league image and the avatar, each its shape's size, aspect and
// largest file (contract/leagues.ts LEAGUE_IMAGE, contract/users.ts AVATAR_IMAGE).

export type Size = { width: number; height: number };
/** A framed picture's target: its size (and so its aspect), the longest side it may grow to, its largest file. */
export type ImageShape = {
  readonly width: number;
  readonly height: number;
  readonly maxSide: number;
  readonly maxBytes: number;
};
/** The part of the source image that becomes the league image, in source pixels. */
export type CropRect = { x: number; y: number; width: number; height: number };
/** The player's framing: zoom ≥ 1 over the largest frame that fits, and its centre in 0..1 of the free travel. */
export type Framing = { zoom: number; panX: number; panY: number };

const aspectOf = (shape: ImageShape) => shape.width / shape.height;
export const clamp01 = (v: number) => Math.min(Math.max(v, 0), 1);
export const MAX_ZOOM = 4;

/** The largest rectangle of the league image's aspect that fits the source, shrunk by zoom and moved by pan. */
export function cropFor(source: Size, { zoom, panX, panY }: Framing, shape: ImageShape = LEAGUE_IMAGE): CropRect {
  const ASPECT = aspectOf(shape);
  const z = Math.min(Math.max(zoom, 1), MAX_ZOOM);
  let width = source.width;
  let height = width / ASPECT;
  if (height > source.height) {
    height = source.height;
    width = height * ASPECT;
  }
  width /= z;
  height /= z;
  return { x: (source.width - width) * clamp01(panX), y: (source.height - height) * clamp01(panY), width, height };
}

/** Spec section 9: "Avatar compression: max 0.3 MB, 500 px. League image: 2 MB, 1000 px": the output is its shape's size at least and its longest side at most. */
export function outputSize(crop: CropRect, shape: ImageShape = LEAGUE_IMAGE): Size {
  const width = Math.max(shape.width, Math.min(shape.maxSide, Math.round(crop.width)));
  return { width, height: Math.round(width / aspectOf(shape)) };
}

/** JPEG qualities tried in turn until the file fits its shape's largest file. */
export const QUALITIES = [0.92, 0.85, 0.75, 0.65, 0.5, 0.4] as const;

export function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.addEventListener("load", () => resolve(img));
    img.addEventListener("error", () => {
      URL.revokeObjectURL(url);
      reject(new Error("notImage"));
    });
    img.src = url;
  });
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("canvas"))), type, quality),
  );
}

/** Draws the crop at its output size and compresses it under its shape's largest file (PNG stays PNG when it already fits). */
export async function renderCrop(
  img: CanvasImageSource & Size,
  crop: CropRect,
  originalType: string,
  shape: ImageShape = LEAGUE_IMAGE,
): Promise<Blob> {
  const size = outputSize(crop, shape);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("canvas");
  context.imageSmoothingQuality = "high";
  context.drawImage(img, crop.x, crop.y, crop.width, crop.height, 0, 0, size.width, size.height);
  if (originalType === "image/png") {
    const png = await toBlob(canvas, "image/png");
    if (png.size <= shape.maxBytes) return png;
  }
  let last: Blob | null = null;
  for (const quality of QUALITIES) {
    last = await toBlob(canvas, "image/jpeg", quality);
    if (last.size <= shape.maxBytes) return last;
  }
  return last!;
}
