"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Draft } from "@/lib/form-draft";
import { Button } from "./button";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** The form's draft (lib/form-draft.ts): with typed changes, Escape, a click outside or the close button ask before discarding them. */
  draft?: Pick<Draft, "dirty" | "clear">;
};

/**
 * The dialog's own Cancel button: it closes the way Escape does, so with typed changes it asks first.
 * Only inside a Dialog's content.
 */
export function DialogCancel({ children = "Cancel", disabled }: { children?: ReactNode; disabled?: boolean }) {
  return (
    <RadixDialog.Close asChild>
      <Button variant="secondary" disabled={disabled}>
        {children}
      </Button>
    </RadixDialog.Close>
  );
}

// Notices (sonner, top of the screen) must not cover a dialog's title or close button: on a phone the dialog
// sits at the bottom, 7rem short of the top; wider, it is centred with 6rem free above and below.
/** A modal dialog: focus trapped, Escape closes (asking first when it holds typed changes), title and description announced. */
export function Dialog({ open, onOpenChange, title, description, children, footer, draft }: Props) {
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asking) question.current?.querySelector("button")?.focus();
  }, [asking]);
  const change = (next: boolean) => {
    if (!next && draft?.dirty) return setAsking(true);
    setAsking(false);
    onOpenChange(next);
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={change}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content className="fixed bottom-4 left-1/2 z-50 flex max-h-[calc(100dvh-7rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 flex-col sm:bottom-auto sm:top-1/2 sm:max-h-[calc(100dvh-12rem)] sm:-translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-card p-5 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="rounded p-1 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary"
            >
              <X size={18} aria-hidden />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="text-sm text-muted-foreground">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {asking ? (
            <div ref={question} role="alert" className="flex flex-col gap-2 rounded-md border border-danger bg-muted p-3 text-sm">
              <p className="font-semibold">Discard what you typed?</p>
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="secondary" onClick={() => setAsking(false)}>
                  Keep editing
                </Button>
                <Button
                  onClick={() => {
                    setAsking(false);
                    draft?.clear();
                    onOpenChange(false);
                  }}
                >
                  Discard
                </Button>
              </div>
            </div>
          ) : null}
          {children}
          {footer ? <div className="flex flex-wrap justify-end gap-2">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
