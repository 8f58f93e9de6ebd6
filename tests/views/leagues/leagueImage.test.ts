import { describe, expect, it } from "vitest";
import { imageFileError } from "../../../contract/files";
import { AVATAR_IMAGE } from "../../../contract/users";
import { cropFor, outputSize } from "../../../src/ui/imageCrop";

describe("the league image is cropped to 354 × 180 and at most 1000 px wide", () => {
  it("takes the largest 354:180 frame that fits, centred", () => {
    const crop = cropFor({ width: 2000, height: 2000 }, { zoom: 1, panX: 0.5, panY: 0.5 });
    expect(crop.width).toBe(2000);
    expect(crop.height).toBeCloseTo(2000 / (354 / 180));
    expect(crop.y).toBeCloseTo((2000 - crop.height) / 2);
    expect(outputSize(crop)).toEqual({ width: 1000, height: 508 });
  });

  it("zooms into a smaller frame and pans within the picture", () => {
    const crop = cropFor({ width: 3540, height: 1800 }, { zoom: 2, panX: 1, panY: 0 });
    expect(crop).toEqual({ x: 1770, y: 0, width: 1770, height: 900 });
  });

  it("never makes a picture smaller than 354 wide", () => {
    expect(outputSize({ x: 0, y: 0, width: 200, height: 100 })).toEqual({ width: 354, height: 180 });
  });

  it("accepts only a Blob or File whose type starts with image", () => {
    expect(imageFileError("a string")).toBe("notBlob");
    expect(imageFileError(new Blob(["x"], { type: "text/plain" }))).toBe("notImage");
    expect(imageFileError(new File(["x"], "a.png", { type: "image/png" }))).toBeNull();
  });
});

describe("the avatar is framed square and sent at 500 × 500 (spec: 'Avatar compression: max 0.3 MB, 500 px')", () => {
  it("takes the largest square that fits, centred, and sends it at 500 px whatever the source", () => {
    const crop = cropFor({ width: 3000, height: 2000 }, { zoom: 1, panX: 0.5, panY: 0.5 }, AVATAR_IMAGE);
    expect(crop).toEqual({ x: 500, y: 0, width: 2000, height: 2000 });
    expect(outputSize(crop, AVATAR_IMAGE)).toEqual({ width: 500, height: 500 });
    expect(outputSize({ x: 0, y: 0, width: 120, height: 120 }, AVATAR_IMAGE)).toEqual({ width: 500, height: 500 });
  });

  it("allows at most 0.3 MB", () => {
    expect(AVATAR_IMAGE.maxBytes).toBe(0.3 * 1024 * 1024);
  });
});
