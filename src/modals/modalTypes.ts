import type { ModalEntry } from "../../machines/modal.machine";

export type ModalComponentProps = {
  entry: ModalEntry;
  /** Closes this modal (not whatever is on top). */
  close(): void;
};
