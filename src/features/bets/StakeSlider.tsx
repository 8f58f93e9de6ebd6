import * as Slider from "@radix-ui/react-slider";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { BetType } from "../../../contract/bets";
import { stakeLimits, stakeRange } from "../../../contract/betRules";
import { Diamond } from "../../ui/Diamond";
import styles from "./bets.module.css";

/**
 * The stake on Radix's slider: 30 to the lower of 150 and the balance (the contract's `stakeRange`), ACROSS in steps
 * of 3. Keyboard: arrows move one step, Page Up/Down ten, Home/End the limits (Radix's own keys). Under the minimum
 * stake it shows the type's limits, disabled.
 */
export function StakeSlider({
  type,
  amount,
  balance,
  onChange,
  disabled,
}: {
  type: BetType;
  amount: number;
  balance: number;
  onChange(amount: number): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("bets");
  const range = stakeRange(type, balance);
  const { min, max, step } = range.ok ? range.value : stakeLimits(type);
  const labelId = useId();
  return (
    <div className={styles.stake}>
      <div className={styles.stakeHead}>
        <span id={labelId} className={styles.stakeLabel}>
          {t("modal.stake")}
        </span>
        <output className={styles.stakeValue} aria-hidden="true">
          <Diamond /> {amount}
        </output>
      </div>
      <Slider.Root
        className={styles.slider}
        value={[amount]}
        min={min}
        max={max}
        step={step}
        disabled={disabled || !range.ok}
        onValueChange={([value]) => value !== undefined && onChange(value)}
      >
        <Slider.Track className={styles.sliderTrack}>
          <Slider.Range className={styles.sliderRange} />
        </Slider.Track>
        <Slider.Thumb
          className={styles.sliderThumb}
          aria-labelledby={labelId}
          aria-valuetext={t("modal.stakeValue", { amount })}
          data-testid="stake-slider"
        />
      </Slider.Root>
      <div className={styles.stakeLimits} aria-hidden="true">
        <span>{min}</span>
        <span>{max}</span>
      </div>
    </div>
  );
}
