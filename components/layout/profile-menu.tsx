"use client";

import { LogOut, Moon, Repeat, Sun, User, Building2 } from "lucide-react";
import Link from "next/link";
import { useTheme } from "next-themes";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { routes } from "@/lib/routes";

type Props = { name: string; districtTerm: string; isSuperAdmin: boolean };

const item = "flex min-h-11 w-full items-center gap-3 px-4 text-left text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none";

/** Spec §2 profile menu: theme, User profile, '{district term} profile', Switch District (super admins), Logout. */
export function ProfileMenu({ name, districtTerm, isSuperAdmin }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { resolvedTheme, setTheme } = useTheme();
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>("a,button")?.focus();
    const close = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>("a,button") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === "Escape") {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === "ArrowDown") items[(at + 1) % items.length]?.focus();
    else if (event.key === "ArrowUp") items[(at - 1 + items.length) % items.length]?.focus();
    else return;
    event.preventDefault();
  };

  const dark = resolvedTheme === "dark";
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((o) => !o)}
        className="flex h-10 w-10 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        {/* The initials are decoration; the name is read out instead (a label unlike the visible text confuses voice control). */}
        <span aria-hidden>
          {name
            .split(" ")
            .map((w) => w[0])
            .slice(0, 2)
            .join("")}
        </span>
        <span className="sr-only">Profile menu for {name}</span>
      </button>
      {open ? (
        <div
          id={`${id}-menu`}
          ref={menu}
          role="menu"
          tabIndex={-1}
          aria-label="Profile"
          onKeyDown={onKeyDown}
          className="absolute right-0 z-40 mt-2 w-64 overflow-hidden rounded-md border border-border bg-card py-1 shadow-lg"
        >
          <p className="px-4 py-2 text-xs text-muted-foreground">{name}</p>
          <button type="button" role="menuitem" className={item} onClick={() => setTheme(dark ? "light" : "dark")}>
            {dark ? <Sun size={16} aria-hidden /> : <Moon size={16} aria-hidden />}
            {dark ? "Light mode" : "Dark mode"}
          </button>
          <Link role="menuitem" className={item} href={routes.profile} onClick={() => setOpen(false)}>
            <User size={16} aria-hidden /> User profile
          </Link>
          <Link role="menuitem" className={item} href={routes.districtProfile} onClick={() => setOpen(false)}>
            <Building2 size={16} aria-hidden /> {districtTerm} profile
          </Link>
          {isSuperAdmin ? (
            <Link role="menuitem" className={item} href={routes.switchDistrict} onClick={() => setOpen(false)}>
              <Repeat size={16} aria-hidden /> Switch District
            </Link>
          ) : null}
          <Link role="menuitem" className={item} href={routes.logout} prefetch={false}>
            <LogOut size={16} aria-hidden /> Logout
          </Link>
        </div>
      ) : null}
    </div>
  );
}
