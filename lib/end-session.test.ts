import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logoutAfterNotice } from "./end-session";
import { toast, toasterMounted } from "./notify";

type Sent = { url: string; method: string | undefined; at: number };

let sent: Sent[];
let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  replace = vi.fn();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, method: init?.method, at: Date.now() });
      return new Response(JSON.stringify({ message: "Logged out" }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  vi.stubGlobal("window", { location: { replace }, addEventListener: vi.fn(), removeEventListener: vi.fn() });
  vi.stubGlobal("sessionStorage", { removeItem: vi.fn(), getItem: () => null, setItem: vi.fn() });
  unmountToaster = toasterMounted(() => {});
});

let unmountToaster: () => void;

afterEach(() => {
  unmountToaster();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the logout after an ownership transfer (spec §4)", () => {
  it("shows the notice at once and ends the session 1 s later, not 1 s plus the logout page's own 1.5 s", async () => {
    const shown = vi.spyOn(toast, "successSeen");
    const start = Date.now();
    const done = logoutAfterNotice("Transfer Successfully");
    expect(shown).toHaveBeenCalledWith("Transfer Successfully");

    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ url: "/api/auth/logout", method: "POST", at: start + 1_000 }]);
    await done;
    // Then the sign-in page, by a full page load: nothing read while signed in stays in memory.
    expect(replace).toHaveBeenCalledWith("/login");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(1);
  });

  it("counts the second from when the notice is on screen: the toaster's code may first have to be fetched", async () => {
    unmountToaster();
    const done = logoutAfterNotice("Transfer Successfully");
    await vi.advanceTimersByTimeAsync(1_500); // the toaster still loading
    expect(sent).toEqual([]);
    const mountedAt = Date.now();
    unmountToaster = toasterMounted(() => {});
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ url: "/api/auth/logout", method: "POST", at: mountedAt + 1_000 }]);
    await done;
  });

  it("rejects when the logout could not be sent, so the caller can fall back to the logout page", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const done = logoutAfterNotice("Transfer Successfully");
    const outcome = done.then(
      () => "ended",
      () => "failed",
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await outcome).toBe("failed");
    expect(replace).not.toHaveBeenCalled();
  });
});
