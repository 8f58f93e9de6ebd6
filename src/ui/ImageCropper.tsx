import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { LEAGUE_IMAGE } from "../../contract/leagues";
import { Button } from "./Button";
import { clamp01, cropFor, MAX_ZOOM, renderCrop, type Framing, type ImageShape } from "./imageCrop";
import styles from "./ImageCropper.module.css";

const STEP = 0.05;

/** Frames a picture at its shape (the league image's 354 × 180 unless told): zoom with the slider, move by dragging or with the arrow keys. */
export function ImageCropper({
  image,
  type,
  onDone,
  onCancel,
  shape = LEAGUE_IMAGE,
}: {
  image: HTMLImageElement;
  type: string;
  onDone(blob: Blob): void;
  onCancel(): void;
  shape?: ImageShape;
}) {
  const { t } = useTranslation("leagues");
  const zoomId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [framing, setFraming] = useState<Framing>({ zoom: 1, panX: 0.5, panY: 0.5 });
  const [busy, setBusy] = useState(false);
  const source = { width: image.naturalWidth, height: image.naturalHeight };
  const crop = cropFor(source, framing, shape);

  useEffect(() => {
    const context = canvas.current?.getContext("2d");
    if (!context) return;
    context.clearRect(0, 0, shape.width, shape.height);
    context.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, shape.width, shape.height);
  }, [image, crop.x, crop.y, crop.width, crop.height, shape]);

  /** Moves the frame by screen pixels of the preview. */
  function moveBy(dx: number, dy: number) {
    const shown = canvas.current?.getBoundingClientRect().width || shape.width;
    const perPixel = crop.width / shown;
    const freeX = source.width - crop.width;
    const freeY = source.height - crop.height;
    setFraming((f) => ({
      ...f,
      panX: freeX > 0 ? clamp01(f.panX - (dx * perPixel) / freeX) : 0.5,
      panY: freeY > 0 ? clamp01(f.panY - (dy * perPixel) / freeY) : 0.5,
    }));
  }

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  }
  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    if (!drag.current) return;
    moveBy(event.clientX - drag.current.x, event.clientY - drag.current.y);
    drag.current = { x: event.clientX, y: event.clientY };
  }
  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [10, 0],
      ArrowRight: [-10, 0],
      ArrowUp: [0, 10],
      ArrowDown: [0, -10],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveBy(...move);
  }

  async function done() {
    setBusy(true);
    try {
      onDone(await renderCrop(image, crop, type, shape));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.cropper}>
      <canvas
        ref={canvas}
        width={shape.width}
        height={shape.height}
        className={styles.cropCanvas}
        style={{ aspectRatio: `${shape.width} / ${shape.height}` }}
        tabIndex={0}
        role="img"
        aria-label={t("create.cropArea")}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
      />
      <p className={styles.hint}>{t("create.cropHint")}</p>
      <div className={styles.zoom}>
        <label htmlFor={zoomId}>{t("create.zoom")}</label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={STEP}
          value={framing.zoom}
          onChange={(event) => setFraming((f) => ({ ...f, zoom: Number(event.target.value) }))}
        />
      </div>
      <div className={styles.cropActions}>
        <Button variant="secondary" onClick={onCancel}>
          {t("create.cropCancel")}
        </Button>
        <Button loading={busy} onClick={() => void done()}>
          {t("create.cropUse")}
        </Button>
      </div>
    </div>
  );
}
