import type { ModalKind } from "../../../contract/enums";
import type { ModalEntry } from "../../../machines/modal.machine";

export type ModalComponentProps<K extends ModalKind = ModalKind> = {
  /** This modal's entry; its props are typed by its kind. */
  entry: ModalEntry<K>;
  /** Closes this modal (not whatever is on top). */
  close(): void;
};
