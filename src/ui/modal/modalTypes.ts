import type { ComponentType } from "react";
import type { ModalKind } from "../../../contract/enums";
import type { ModalEntry } from "../../../machines/modal.machine";

export type ModalComponentProps<K extends ModalKind = ModalKind> = {
  /** This modal's entry; its props are typed by its kind. */
  entry: ModalEntry<K>;
  /** Closes this modal (not whatever is on top). */
  close(): void;
};

/** Modal components by kind, each taking its own kind's props. */
export type ModalComponents = { [K in ModalKind]?: ComponentType<ModalComponentProps<K>> };
