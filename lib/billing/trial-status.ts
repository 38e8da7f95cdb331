// The dashboard's trial banner; its thresholds are 0 or fewer, 1, and up to 3 days left
// (docs/product.md, "Trial and invitations").

export type TrialTone = "ended" | "attention" | "normal";

export type TrialStatus = { tone: TrialTone; message: string };

export function trialStatus(daysLeft: number): TrialStatus {
  if (daysLeft <= 0) return { tone: "ended", message: "Your free trial has ended." };
  if (daysLeft === 1) return { tone: "attention", message: "Your free trial ends tomorrow." };
  return { tone: daysLeft <= 3 ? "attention" : "normal", message: `Your free trial ends in ${daysLeft} days.` };
}
