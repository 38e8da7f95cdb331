import { env } from "@/lib/env";
import { notFound } from "@/lib/http/errors";
import { getMailboxAttachment } from "@/lib/mail/mailbox";
import { withRouteErrors } from "@/lib/http/route-errors";

// A file attached to a mail in the local mailbox, downloaded as it was sent.
export const GET = withRouteErrors(
  async (_req: Request, { params }: { params: Promise<{ id: string; attachmentId: string }> }): Promise<Response> => {
    const { id, attachmentId } = await params;
    const file = env.mailboxEnabled ? await getMailboxAttachment(id, attachmentId) : null;
    if (!file) throw notFound();
    return new Response(new Uint8Array(Buffer.from(file.contentBase64, "base64")), {
      headers: {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`,
        "cache-control": "no-store",
      },
    });
  },
);
