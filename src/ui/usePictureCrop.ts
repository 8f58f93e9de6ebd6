import { useEffect, useId, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { imageFileError } from "../../contract/files";
import { loadImage } from "./imageCrop";

/**
 * A picture field's steps, shared by the league picture and the avatar: a file picked (checked by the contract's
 * file rule, then loaded for the cropper), framed into a blob whose preview address is revoked when replaced, or
 * cleared. `onBusy` hears whether the cropper is open, so the form's submit can wait for it.
 */
export function usePictureCrop(onBusy: (busy: boolean) => void) {
  const { t } = useTranslation();
  const fileId = useId();
  const [picked, setPicked] = useState<{ img: HTMLImageElement; type: string } | null>(null);
  const [cropped, setCropped] = useState<{ blob: Blob; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => void (cropped && URL.revokeObjectURL(cropped.url)), [cropped]);
  useEffect(() => onBusy(picked !== null), [picked, onBusy]);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = imageFileError(file);
    if (problem) {
      setError(t(`errors:${problem}`));
      return;
    }
    try {
      setError(null);
      setPicked({ img: await loadImage(file), type: file.type });
    } catch {
      setError(t("errors:notImage"));
    }
  }

  return {
    fileId,
    picked,
    cropped,
    error,
    pick,
    cancel: () => setPicked(null),
    /** The framed picture: previewed, and the cropper closes. */
    framed: (blob: Blob) => {
      setCropped({ blob, url: URL.createObjectURL(blob) });
      setPicked(null);
    },
    clear: () => setCropped(null),
  };
}
