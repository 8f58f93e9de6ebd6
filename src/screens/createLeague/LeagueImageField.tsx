import { useEffect, useId, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { imageFileError } from "../../../contract/files";
import { Button, buttonClass } from "../../ui/Button";
import { ImageCropper } from "../../ui/ImageCropper";
import { loadImage } from "../../ui/imageCrop";
import styles from "./CreateLeagueScreen.module.css";

export type PictureChoice = { kept: string | null; cropped: Blob | null };

/** The league picture: the saved one kept, a new one cropped to 354 × 180, or none; `busy` while the cropper is open. */
export function LeagueImageField({ saved, onChange, onBusy }: { saved: string | null; onChange(choice: PictureChoice): void; onBusy(busy: boolean): void }) {
  const { t } = useTranslation("leagues");
  const fileId = useId();
  const [kept, setKept] = useState(saved);
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

  const shown = cropped?.url ?? kept;
  return (
    <div className={styles.imageColumn}>
      <p className={styles.label}>{t("create.image")}</p>
      {picked ? (
        <ImageCropper
          image={picked.img}
          type={picked.type}
          onCancel={() => setPicked(null)}
          onDone={(blob) => {
            setCropped({ blob, url: URL.createObjectURL(blob) });
            setPicked(null);
            onChange({ kept, cropped: blob });
          }}
        />
      ) : (
        <div className={styles.imagePreview}>{shown ? <img src={shown} alt={t("create.imagePreview")} width={354} height={180} /> : <span>{t("create.imageEmpty")}</span>}</div>
      )}
      {picked ? null : (
        <div className={styles.imageActions}>
          <label htmlFor={fileId} className={buttonClass({ variant: "secondary", size: "sm" })}>
            {shown ? t("create.imageChange") : t("create.imagePick")}
          </label>
          <input id={fileId} type="file" accept="image/png,image/jpeg" className="visually-hidden" onChange={(event) => void pick(event)} />
          {shown ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setCropped(null);
                setKept(null);
                onChange({ kept: null, cropped: null });
              }}
            >
              {t("create.imageRemove")}
            </Button>
          ) : null}
        </div>
      )}
      <p className={styles.hint}>{t("create.imageHint")}</p>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
