import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as mailgunRoute } from "@/app/api/inbound/mailgun/mime/route";
import { POST as regenerateRoute } from "@/app/api/user/save-address/regenerate/route";
import { GET as addressRoute, PUT as addressSettingsRoute } from "@/app/api/user/save-address/route";
import { getDb } from "@/lib/db/client";
import { deliverMail, UNKNOWN_RECIPIENT_MESSAGE } from "@/lib/inbound-mail/deliver-mail";
import { encodeAddressKey } from "@/lib/inbound-mail/save-address-rules";
import { mailgunInboundForm, mailgunInboundRequest } from "@/tests/fakes/mailgun-inbound";
import { apiRequest, signedInUser } from "@/tests/support/factories";
import { INBOUND_DOMAIN, plainMail } from "@/tests/support/inbound-mail";

// Without INBOUND_EMAIL_DOMAIN save by email is off: its routes say so, nothing makes an address,
// and mail is refused as to an unknown address.

const OFF = { code: "not_found", message: "Save by email is not set up on this server." };

describe("save by email, switched off", () => {
  it("answers the address routes 404 naming the feature, and makes no address", async () => {
    const { user, cookie } = await signedInUser();
    const answers = [
      await addressRoute(apiRequest("GET", "/api/user/save-address", { cookie })),
      await regenerateRoute(apiRequest("POST", "/api/user/save-address/regenerate", { cookie })),
      await addressSettingsRoute(
        apiRequest("PUT", "/api/user/save-address", { cookie, json: { fromAnySender: true } }),
      ),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(OFF);
    }
    expect(await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      saveAddressKey: null,
      saveMailFromAnySender: false,
    });
    // Signed out is still asked to sign in first.
    expect((await addressRoute(apiRequest("GET", "/api/user/save-address"))).status).toBe(401);
  });

  it("refuses mail and the webhook", async () => {
    // Keys are unique across the database the suites share: a random one, as the app makes them.
    const key = encodeAddressKey(randomBytes(16));
    const { user } = await signedInUser({ saveAddressKey: key });
    const address = `${key}@${INBOUND_DOMAIN}`;
    const source = plainMail({ from: user.email, to: address, subject: "Link", text: "https://example.test/off" });
    expect(await deliverMail({ recipient: address, envelopeSender: user.email, source: Buffer.from(source) })).toEqual({
      status: "refused",
      reason: "unknown-recipient",
      message: UNKNOWN_RECIPIENT_MESSAGE,
    });
    const { form } = mailgunInboundForm({
      signingKey: "any",
      recipient: address,
      sender: user.email,
      bodyMime: source,
    });
    const res = await mailgunRoute(mailgunInboundRequest("http://localhost:3000/api/inbound/mailgun/mime", form));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(OFF);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(0);
  });
});
