import * as Dialog from "@radix-ui/react-dialog";
import { createContext, useContext, type ReactNode } from "react";
import styles from "./modal.module.css";

/** True when the host already rendered `options.title` as the dialog's accessible title. */
export const HostTitleContext = createContext(false);

/** The modal's heading; it names the dialog unless the host was given a title. */
export function ModalTitle({ children }: { children: ReactNode }) {
  const hostHasTitle = useContext(HostTitleContext);
  return hostHasTitle ? (
    <h3 className={styles.heading}>{children}</h3>
  ) : (
    <Dialog.Title className={styles.heading}>{children}</Dialog.Title>
  );
}
