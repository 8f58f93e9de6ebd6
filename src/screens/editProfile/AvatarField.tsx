import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AVATAR_IMAGE } from "../../../contract/users";
import { Button, buttonClass } from "../../ui/Button";
import { ImageCropper } from "../../ui/ImageCropper";
import { usePictureCrop } from "../../ui/usePictureCrop";
import styles from "./EditProfileScreen.module.css";

/** The avatar the save sends: the saved one kept (unchanged), a new square crop, or none (removed). */
export type AvatarChoice = { kind: "kept" } | { kind: "cropped"; blob: Blob } | { kind: "removed" };

/** The profile picture: framed square with the league image's cropper, sent at 500 × 500 under 0.3 MB; `busy` while framing. */
export function AvatarField({
  saved,
  onChange,
  onBusy,
}: {
  saved: string | null;
  onChange(choice: AvatarChoice): void;
  onBusy(busy: boolean): void;
}) {
  const { t } = useTranslation("profile");
  const { fileId, picked, cropped, error, pick, cancel, framed, clear } = usePictureCrop(onBusy);
  const [removed, setRemoved] = useState(false);

  const shown = cropped?.url ?? (removed ? null : saved);
  return (
    <div className={styles.avatarField}>
      {picked ? (
        <ImageCropper
          image={picked.img}
          type={picked.type}
          shape={AVATAR_IMAGE}
          onCancel={cancel}
          onDone={(blob) => {
            framed(blob);
            onChange({ kind: "cropped", blob });
          }}
        />
      ) : (
        <div className={styles.avatarPreview}>
          {shown ? (
            <img src={shown} alt={t("edit.avatarPreview")} width={120} height={120} />
          ) : (
            <span>{t("edit.avatarEmpty")}</span>
          )}
        </div>
      )}
      {picked ? null : (
        <div className={styles.avatarActions}>
          <label htmlFor={fileId} className={buttonClass({ variant: "secondary", size: "sm" })}>
            {shown ? t("edit.avatarChange") : t("edit.avatarPick")}
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
                setRemoved(true);
                onChange({ kind: "removed" });
              }}
            >
              {t("edit.avatarRemove")}
            </Button>
          ) : null}
        </div>
      )}
      <p className={styles.hint}>{t("edit.avatarHint")}</p>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
