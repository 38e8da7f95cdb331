import { describe, expect, it } from "vitest";
import { TurnGate } from "./turn-gate";

describe("TurnGate", () => {
  it("lets `atOnce` run, queues the next in order, and refuses past the queue", async () => {
    const gate = new TurnGate(1, 2);
    const first = await gate.enter();
    const order: string[] = [];
    const second = gate.enter().then((turn) => {
      order.push("second");
      return turn;
    });
    const third = gate.enter().then((turn) => {
      order.push("third");
      return turn;
    });
    expect(await gate.enter()).toBeNull();
    expect(gate.usage).toEqual({ running: 1, waiting: 2 });

    first?.();
    first?.();
    const secondTurn = await second;
    expect(order).toEqual(["second"]);
    expect(gate.usage).toEqual({ running: 1, waiting: 1 });
    secondTurn?.();
    (await third)?.();
    expect(order).toEqual(["second", "third"]);
    expect(gate.usage).toEqual({ running: 0, waiting: 0 });
  });
});
