import { useEffect, useId, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { imageFileError } from "../../../contract/files";
import { AVATAR_IMAGE } from "../../../contract/users";
import { Button, buttonClass } from "../../ui/Button";
import { ImageCropper } from "../../ui/ImageCropper";
import { loadImage } from "../../ui/imageCrop";
import styles from "./EditProfileScreen.module.css";

/** The avatar the save sends: the saved one kept (unchanged), a new square crop, or none (removed). */
export type AvatarChoice = { kind: "kept" } | { kind: "cropped"; blob: Blob } | { kind: "removed" };

/** The profile picture: framed square with the league image's cropper, sent at 500 × 500 under 0.3 MB; `busy` while framing. */
export function AvatarField({ saved, onChange, onBusy }: { saved: string | null; onChange(choice: AvatarChoice): void; onBusy(busy: boolean): void }) {
  const { t } = useTranslation("profile");
  const fileId = useId();
  const [picked, setPicked] = useState<{ img: HTMLImageElement; type: string } | null>(null);
  const [cropped, setCropped] = useState<{ blob: Blob; url: string } | null>(null);
  const [removed, setRemoved] = useState(false);
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

  const shown = cropped?.url ?? (removed ? null : saved);
  return (
    <div className={styles.avatarField}>
      {picked ? (
        <ImageCropper
          image={picked.img}
          type={picked.type}
          shape={AVATAR_IMAGE}
          onCancel={() => setPicked(null)}
          onDone={(blob) => {
            setCropped({ blob, url: URL.createObjectURL(blob) });
            setPicked(null);
            onChange({ kind: "cropped", blob });
          }}
        />
      ) : (
        <div className={styles.avatarPreview}>{shown ? <img src={shown} alt={t("edit.avatarPreview")} width={120} height={120} /> : <span>{t("edit.avatarEmpty")}</span>}</div>
      )}
      {picked ? null : (
        <div className={styles.avatarActions}>
          <label htmlFor={fileId} className={buttonClass({ variant: "secondary", size: "sm" })}>
            {shown ? t("edit.avatarChange") : t("edit.avatarPick")}
          </label>
          <input id={fileId} type="file" accept="image/png,image/jpeg" className="visually-hidden" onChange={(event) => void pick(event)} />
          {shown ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setCropped(null);
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
