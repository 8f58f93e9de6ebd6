import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromCallback } from "xstate";
import type { ModalPropsByKind } from "../../machines/modalProps";
import { modalActor } from "../../src/runtime/appActor";
import { modals } from "../../src/runtime/hooks";
import { ModalHost } from "../../src/app/ModalHost";
import { renderWithApp, resetApp, stubApi } from "./renderWithApp";

afterEach(resetApp);

const stack = () => modalActor.getSnapshot().context.stack;

/** A press on the dimmed backdrop around the dialog, where a player clicks to dismiss it. */
function pressOutside(dialog: HTMLElement) {
  const overlay = [...document.querySelectorAll<HTMLElement>("[data-state=open]")].find(
    (el) => el !== dialog && !dialog.contains(el),
  );
  const target = overlay ?? document.body;
  // Radix waits for the click that ends a primary-button press before calling it an outside press.
  fireEvent.pointerDown(target, { button: 0 });
  fireEvent.pointerUp(target, { button: 0 });
  fireEvent.click(target, { button: 0 });
}

async function openConfirmation(props: ModalPropsByKind["Confirmation"], options?: Parameters<typeof modals.open>[2]) {
  stubApi();
  renderWithApp(<ModalHost />);
  act(() => {
    modals.open("Confirmation", props, options);
  });
  const dialog = await screen.findByRole("dialog");
  // The modal's code is lazy-loaded, and Radix starts listening for outside presses a tick after mounting.
  await vi.waitFor(() => expect(dialog.querySelector("[role=status]")).toBeNull());
  await act(() => new Promise((r) => setTimeout(r, 0)));
  return dialog;
}

describe("the confirmation modal: text, optional Cancel, a confirm button with a configurable name", () => {
  it("shows the text, answers the opener's confirm event and closes when the named button is pressed", async () => {
    const heard: string[] = [];
    const opener = createActor(
      fromCallback<{ type: string }>(({ receive }) => receive((e) => void heard.push(e.type))),
    ).start();
    const dialog = await openConfirmation(
      { text: "Are you sure you want to sign out?", confirmLabel: "Yes I'm sure", cancel: true },
      { reply: { to: opener, confirm: { type: "yes" }, cancel: { type: "no" } } },
    );
    expect(dialog.textContent).toContain("Are you sure you want to sign out?");
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Yes I'm sure" }));
    expect(heard).toEqual(["yes"]);
    expect(stack()).toHaveLength(0);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("has no Cancel button unless asked, and a default OK button", async () => {
    await openConfirmation({ text: "The list is empty..." });
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    expect(screen.getByRole("button", { name: "OK" })).toBeTruthy();
  });

  it("is 335 wide; other modals default to 500 wide and 200 high", async () => {
    const dialog = await openConfirmation({ text: "x" });
    expect(dialog.style.maxWidth).toBe("335px");
    expect(dialog.style.minHeight).toBe("200px");
    act(() => {
      modals.replace("Retry", { text: "Something went wrong." });
    });
    const retry = await screen.findByRole("dialog");
    await screen.findByRole("button", { name: "Try Again" });
    expect(retry.style.maxWidth).toBe("500px");
  });
});

describe("modals close on outside click unless disabled", () => {
  it("an outside press closes a modal by default", async () => {
    const dialog = await openConfirmation({ text: "x" });
    pressOutside(dialog);
    expect(stack()).toHaveLength(0);
  });

  it("an outside press leaves a modal opened with closeOnOutside false", async () => {
    const dialog = await openConfirmation({ text: "x" }, { closeOnOutside: false });
    pressOutside(dialog);
    expect(stack()).toHaveLength(1);
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});

describe("optional close button and title", () => {
  it("renders the title and a labelled close button that closes the modal", async () => {
    await openConfirmation({ text: "x" }, { title: "Leave league" });
    expect(screen.getByRole("dialog", { name: "Leave league" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(stack()).toHaveLength(0);
  });

  it("has no close button when showClose is false", async () => {
    await openConfirmation({ text: "x" }, { showClose: false });
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
  });
});

describe("the page does not scroll while a modal is open", () => {
  it("locks body scrolling while open and releases it after", async () => {
    await openConfirmation({ text: "x" });
    expect(document.body.style.overflow).toBe("hidden");
    act(() => modals.close());
    expect(document.body.style.overflow).toBe("");
  });
});

describe("418 race started: a modal with the 'race started' text and no button", () => {
  it("shows 'Race has already started' without any button", async () => {
    stubApi();
    renderWithApp(<ModalHost />);
    act(() => {
      modalActor.send({
        type: "modal.open",
        kind: "ImageAndTitle",
        props: { textKey: "raceStarted" },
        options: { showClose: false },
      });
    });
    const dialog = await screen.findByRole("dialog");
    await vi.waitFor(() => expect(dialog.textContent).toContain("Race has already started"));
    expect(screen.queryAllByRole("button")).toHaveLength(0);
  });
});
