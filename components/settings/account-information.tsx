import { ManageBillingButton } from "@/components/billing/manage-billing-button";
import { DeleteAccountButton } from "@/components/settings/delete-account-button";
import { EVERYTHING_INCLUDED, EVERYTHING_INCLUDED_TITLE } from "@/lib/billing/no-billing";

/** Sign-in identity, member-since date and the account deletion (docs/product.md, "Account"). */
export function AccountInformation({
  email,
  username,
  memberSince,
  canManageBilling = false,
  everythingIncluded = false,
}: {
  email: string;
  username: string | null;
  memberSince: string;
  /** A Stripe subscription exists: its payment method, invoices and cancellation live in Stripe's portal. */
  canManageBilling?: boolean;
  /** The server has no billing, so no plans: the account has every feature (docs/decisions/0304). */
  everythingIncluded?: boolean;
}) {
  return (
    <div className="grid gap-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">{username ? "Username" : "Email"}</dt>
          <dd className="font-medium break-all">{username ?? email}</dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">Member since</dt>
          <dd className="font-medium">{memberSince}</dd>
        </div>
        {everythingIncluded ? (
          <div className="grid gap-1 sm:col-span-2">
            <dt className="text-sm text-muted-foreground">Plan</dt>
            <dd className="grid gap-0.5">
              <span className="font-medium">{EVERYTHING_INCLUDED_TITLE}</span>
              <span className="text-sm text-muted-foreground">{EVERYTHING_INCLUDED}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      {canManageBilling ? (
        <div className="grid gap-3 border-t pt-6">
          <div className="grid gap-1">
            <h3 className="text-sm font-medium">Billing</h3>
            <p className="text-sm text-muted-foreground">
              Update your payment method, see invoices or cancel your Pro subscription.
            </p>
          </div>
          <div>
            <ManageBillingButton />
          </div>
        </div>
      ) : null}
      <div className="grid gap-3 border-t pt-6">
        <div className="grid gap-1">
          <h3 className="text-sm font-medium">Delete account</h3>
          <p className="text-sm text-muted-foreground">
            Permanently delete your account, your saved links, categories and invitations.
          </p>
        </div>
        <div>
          <DeleteAccountButton />
        </div>
      </div>
    </div>
  );
}
