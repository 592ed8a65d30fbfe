import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

/**
 * The address the rate limits count: the socket's, unless TRUSTED_PROXY_HOPS proxies of our own
 * stand in front, in which case the address the outermost of them saw. A client's own
 * X-Forwarded-For never decides it.
 */
describe("clientAddress", () => {
  it("ignores a client's X-Forwarded-For when no proxy is trusted (the default)", () => {
    expect(clientAddress({ socket: "203.0.113.9", forwardedFor: "6.6.6.6" }, 0)).toBe("203.0.113.9");
    expect(clientAddress({ socket: "203.0.113.9", forwardedFor: undefined }, 0)).toBe("203.0.113.9");
  });

  it("takes the address the trusted proxies saw, not what the client wrote before them", () => {
    // client wrote 6.6.6.6; our one proxy appended the real client 198.51.100.7 and connected from 10.0.0.2.
    expect(clientAddress({ socket: "10.0.0.2", forwardedFor: "6.6.6.6, 198.51.100.7" }, 1)).toBe("198.51.100.7");
    // two proxies of ours: the outer appended the client, the inner appended the outer.
    expect(clientAddress({ socket: "10.0.0.2", forwardedFor: "6.6.6.6, 198.51.100.7, 10.0.0.1" }, 2)).toBe("198.51.100.7");
  });

  it("falls back to the farthest address there is when the chain is shorter than the hops", () => {
    expect(clientAddress({ socket: "10.0.0.2", forwardedFor: undefined }, 1)).toBe("10.0.0.2");
    expect(clientAddress({ socket: "10.0.0.2", forwardedFor: "198.51.100.7" }, 3)).toBe("198.51.100.7");
  });
});
