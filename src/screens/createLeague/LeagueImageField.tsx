import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "../../ui/Button";
import { ImageCropper } from "../../ui/ImageCropper";
import { usePictureCrop } from "../../ui/usePictureCrop";
import styles from "./CreateLeagueScreen.module.css";

export type PictureChoice = { kept: string | null; cropped: Blob | null };

/** The league picture: the saved one kept, a new one cropped to 354 × 180, or none; `busy` while the cropper is open. */
export function LeagueImageField({
  saved,
  onChange,
  onBusy,
}: {
  saved: string | null;
  onChange(choice: PictureChoice): void;
  onBusy(busy: boolean): void;
}) {
  const { t } = useTranslation("leagues");
  const { fileId, picked, cropped, error, pick, cancel, framed, clear } = usePictureCrop(onBusy);
  const [kept, setKept] = useState(saved);

  const shown = cropped?.url ?? kept;
  return (
    <div className={styles.imageColumn}>
      <p className={styles.label}>{t("create.image")}</p>
      {picked ? (
        <ImageCropper
          image={picked.img}
          type={picked.type}
          onCancel={cancel}
          onDone={(blob) => {
            framed(blob);
            onChange({ kept, cropped: blob });
          }}
        />
      ) : (
        <div className={styles.imagePreview}>
          {shown ? (
            <img src={shown} alt={t("create.imagePreview")} width={354} height={180} />
          ) : (
            <span>{t("create.imageEmpty")}</span>
          )}
        </div>
      )}
      {picked ? null : (
        <div className={styles.imageActions}>
          <label htmlFor={fileId} className={buttonClass({ variant: "secondary", size: "sm" })}>
            {shown ? t("create.imageChange") : t("create.imagePick")}
          </label>
          <input
            id={fileId}
            type="file"
            accept="image/png,image/jpeg"
            className="visually-hidden"
            onChange={(event) => void pick(event)}
          />
          {shown ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                clear();
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
