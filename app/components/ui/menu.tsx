import {
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
} from "react";
import { useLocation } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { cn } from "~/lib/cn";

/**
 * A menu button (WAI-ARIA "menu button" pattern) on the browser's own popover: the browser opens
 * and closes it (the button, Escape, a click outside) and gives focus back to the button; this
 * component adds what a menu does with the keyboard: Enter, Space or ↓ on the button open it on
 * the first item, ↑ on the last; ↑ ↓ Home End move between items; Tab leaves and closes it.
 * Following a link closes it. It opens under the button, right edges aligned (before scripts run,
 * where the site header's button stands: `.menu-popover` in app.css).
 */
export function MenuButton({
  label,
  children,
  items,
  className,
  ...trigger
}: Omit<ButtonProps, "children" | "popoverTarget"> & {
  /** The button's accessible name. */
  label: string;
  /** What the button shows. */
  children: ReactNode;
  /** The menu's items: `MenuLink` and `MenuAction`. */
  items: ReactNode;
}) {
  const menuId = useId();
  const triggerId = useId();
  const menu = useRef<HTMLDivElement>(null);
  const location = useLocation();
  // Which item takes focus when the menu opens: the first, or the last after ↑ on the button.
  const focusOnOpen = useRef<"first" | "last">("first");

  useEffect(() => {
    const element = menu.current;
    const button = document.getElementById(triggerId);
    if (!element || !button) return;
    // Under the button, right edges aligned, wherever the header is (a banner above it, say).
    const place = (event: Event) => {
      if ((event as ToggleEvent).newState !== "open") return;
      const box = button.getBoundingClientRect();
      element.style.top = `${box.bottom + 6}px`;
      element.style.right = `${document.documentElement.clientWidth - box.right}px`;
    };
    const opened = (event: Event) => {
      if ((event as ToggleEvent).newState !== "open") return;
      const list = menuItems(element);
      (focusOnOpen.current === "last" ? list.at(-1) : list[0])?.focus();
      focusOnOpen.current = "first";
    };
    element.addEventListener("beforetoggle", place);
    element.addEventListener("toggle", opened);
    return () => {
      element.removeEventListener("beforetoggle", place);
      element.removeEventListener("toggle", opened);
    };
  }, [triggerId]);

  // A navigation (a link of the menu, or any other) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    if (menu.current?.matches(":popover-open")) menu.current.hidePopover();
  }, [location.key]);

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    focusOnOpen.current = event.key === "ArrowUp" ? "last" : "first";
    menu.current?.showPopover();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const element = menu.current;
    if (!element) return;
    if (event.key === "Tab") {
      element.hidePopover();
      return;
    }
    const list = menuItems(element);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next = {
      ArrowDown: (at + 1) % list.length,
      ArrowUp: (at - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    list[next]?.focus();
  }

  return (
    <>
      <Button
        {...trigger}
        id={triggerId}
        className={className}
        popoverTarget={menuId}
        aria-haspopup="menu"
        aria-controls={menuId}
        aria-label={label}
        onKeyDown={onTriggerKeyDown}
      >
        {children}
      </Button>
      <div
        ref={menu}
        id={menuId}
        popover="auto"
        role="menu"
        aria-labelledby={triggerId}
        onKeyDown={onMenuKeyDown}
        className="menu-popover min-w-44 rounded-xl border border-slate-200 bg-white p-1 text-slate-900 shadow-lg"
      >
        {items}
      </div>
    </>
  );
}

function menuItems(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
}

const itemClass =
  "flex w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-left text-sm outline-none hover:bg-slate-100 focus-visible:bg-slate-100 focus:bg-slate-100";

/** A link of a menu. */
export function MenuLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link role="menuitem" tabIndex={-1} className={cn(itemClass, className)} {...props} />;
}

/** A button of a menu (it closes the menu, then does its work). */
export function MenuAction({ className, onClick, ...props }: ComponentProps<"button">) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={cn(itemClass, className)}
      onClick={(event) => {
        event.currentTarget.closest<HTMLElement>("[popover]")?.hidePopover();
        onClick?.(event);
      }}
      {...props}
    />
  );
}
