import { describe, expect, it } from "vitest";
import { common, messagesFor } from "~/domain/catalogue";
import { dispatchIntent } from "./intents.server";

type Reply = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

const handlers = {
  save: () => "saved",
  delete: async () => "deleted",
};

describe("dispatchIntent", () => {
  it("runs the handler the intent names and returns its reply", async () => {
    expect(await dispatchIntent("save", handlers, { locale: "ru" })).toBe("saved");
    expect(await dispatchIntent("delete", handlers, { locale: "ru" })).toBe("deleted");
  });

  it("answers an unknown, missing or inherited intent with a 400 toast in the request's language", async () => {
    const ru = messagesFor("ru", { common }).common.unknownIntent;
    for (const intent of ["bogus", "", null, undefined, "constructor", "__proto__", "toString"]) {
      const reply = (await dispatchIntent(intent, handlers, { locale: "ru" })) as Reply;
      expect(reply.init?.status, String(intent)).toBe(400);
      expect(reply.data).toMatchObject({ toast: { type: "error", description: ru } });
    }
    const en = (await dispatchIntent("bogus", handlers, { locale: "en" })) as Reply;
    expect(en.data).toMatchObject({
      toast: { description: messagesFor("en", { common }).common.unknownIntent },
    });
    expect(messagesFor("en", { common }).common.unknownIntent).not.toBe(ru);
  });

  it("never runs a handler for a file posted as the intent", async () => {
    let ran = false;
    const reply = (await dispatchIntent(
      new File(["save"], "save"),
      {
        save: () => {
          ran = true;
          return "saved";
        },
      },
      { locale: "ru" },
    )) as Reply;
    expect(ran).toBe(false);
    expect(reply.init?.status).toBe(400);
  });

  it("takes the page's own text and reply shape", async () => {
    const reply = await dispatchIntent("x", handlers, {
      locale: "en",
      text: "No such action",
      reply: (text) => ({ error: text, status: 400 }),
    });
    expect(reply).toEqual({ error: "No such action", status: 400 });
  });
});
