import * as Dialog from "@radix-ui/react-dialog";
import { Suspense, useEffect, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { HostTitleContext } from "../ui/modal/ModalTitle";
import type { ModalKind } from "../../contract/enums";
import type { ModalEntry } from "../../machines/modal.machine";
import type { ModalComponentProps } from "../ui/modal/modalTypes";
import { modalComponents } from "./modalRegistry";
import { CloseIcon } from "../ui/icons";
import { Spinner } from "../ui/Spinner";
import { modalActor } from "../runtime/appActor";
import { modals, useModalStack } from "../runtime/hooks";
import styles from "./ModalHost.module.css";

/**
 * The element that had focus when the first modal of a stack opened (a button, a link), read when the modal machine
 * takes the event, before anything moves focus into the dialog. When the last modal closes, focus goes back to it
 * (WCAG 2.4.3), even when the stack was replaced or stacked in between, or the modal was closed by a flow.
 */
let opener: HTMLElement | null = null;
let depth = 0;
function track(next: number) {
  if (depth === 0 && next > 0) {
    const active = typeof document === "undefined" ? null : document.activeElement;
    opener = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  depth = next;
}
// This module loads after the first paint (src/app/AppRuntime.tsx): a guest's first "Play now" may open the modal
// before it arrives, and subscribe() only reports later changes, so the stack as it is now counts too (nothing has
// moved focus into a dialog yet: the host that draws it is this module).
track(modalActor.getSnapshot().context.stack.length);
modalActor.subscribe((snapshot) => track(snapshot.context.stack.length));

function returnFocus(event: Event) {
  // Another modal is still up: it keeps focus.
  if (modalActor.getSnapshot().context.stack.length > 0) {
    event.preventDefault();
    return;
  }
  const target = opener;
  opener = null;
  if (target?.isConnected) {
    event.preventDefault();
    target.focus();
  }
}

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
          onCloseAutoFocus={returnFocus}
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
            <Suspense fallback={<ModalLoading titled={Boolean(options.title)} />}>
              <ModalBody entry={top} />
            </Suspense>
          </HostTitleContext.Provider>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * While the modal's own chunk loads: a spinner, and (when the host shows no title) a hidden title saying
 * so, as the dialog must have a name at every moment (axe: aria-dialog-name); the body's own title replaces it.
 */
function ModalLoading({ titled }: { titled: boolean }) {
  const { t } = useTranslation("common", { useSuspense: false });
  return (
    <>
      {titled ? null : <Dialog.Title className="visually-hidden">{t("loading")}</Dialog.Title>}
      <Spinner />
    </>
  );
}

/** The entry's own component, with props of its kind. */
function ModalBody<K extends ModalKind>({ entry }: { entry: ModalEntry<K> }) {
  const Component: ComponentType<ModalComponentProps<K>> | undefined = modalComponents[entry.kind];
  return Component ? <Component entry={entry} close={() => modals.close(entry.id)} /> : null;
}
