import * as Dialog from "@radix-ui/react-dialog";
import { Suspense, useEffect, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { HostTitleContext } from "../modals/ModalTitle";
import type { ModalKind } from "../../contract/enums";
import type { ModalEntry } from "../../machines/modal.machine";
import type { ModalComponentProps } from "../modals/modalTypes";
import { modalComponents } from "../modals/registry";
import { CloseIcon } from "../ui/icons";
import { Spinner } from "../ui/Spinner";
import { modalActor } from "./appActor";
import { modals, useModalStack } from "./hooks";
import styles from "./ModalHost.module.css";

/**
 * Draws the top of the modal actor's stack. The machine decides what an outside click does
 * (`modal.outsideClick`); Radix supplies focus trapping, Escape and the portal.
 */
export function ModalHost() {
  const { t } = useTranslation("common");
  const stack = useModalStack();
  const top = stack.at(-1);
  const Component = top ? modalComponents[top.kind] : undefined;

  useEffect(() => {
    if (top && !Component) console.error(`No component for modal kind ${top.kind}`);
  }, [top, Component]);

  if (!top || !Component) return null;
  const { options } = top;
  const dismissible = options.closeOnOutside || options.showClose;

  return (
    <Dialog.Root
      key={top.id}
      open
      onOpenChange={(open) => {
        if (!open) modals.close(top.id);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          style={{ maxWidth: options.maxWidth, minHeight: options.minHeight }}
          aria-describedby={undefined}
          data-modal-kind={top.kind}
          onPointerDownOutside={(event) => {
            event.preventDefault();
            modalActor.send({ type: "modal.outsideClick" });
          }}
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => {
            if (!dismissible) event.preventDefault();
          }}
        >
          {options.title ? <Dialog.Title className={styles.title}>{options.title}</Dialog.Title> : null}
          {options.showClose ? (
            <Dialog.Close className={styles.close} aria-label={t("close")}>
              <CloseIcon />
            </Dialog.Close>
          ) : null}
          <HostTitleContext.Provider value={Boolean(options.title)}>
            <Suspense fallback={<Spinner />}>
              <ModalBody entry={top} />
            </Suspense>
          </HostTitleContext.Provider>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The entry's own component, with props of its kind. */
function ModalBody<K extends ModalKind>({ entry }: { entry: ModalEntry<K> }) {
  const Component: ComponentType<ModalComponentProps<K>> | undefined = modalComponents[entry.kind];
  return Component ? <Component entry={entry} close={() => modals.close(entry.id)} /> : null;
}
