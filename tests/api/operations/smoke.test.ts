import { describe, expect, inject, it } from "vitest";

describe("server", () => {
  it("answers health with the database up", async () => {
    const response = await fetch(`${inject("baseUrl")}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ error: null, data: { database: "up" }, status: "success" });
  });
});
