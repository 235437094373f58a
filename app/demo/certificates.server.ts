/**
 * The demo factories' certificates (issue 29): verified ones on several factories (OEKO-TEX
 * Standard 100 on «Фергана Трикотаж», the knitwear factory in Uzbekistan the buyer's journey
 * finds), one under review and one rejected with the admin's note (both on the demo factory's
 * own account, so its owner sees every state). Each has a small PDF of its own in the private
 * storage, as a real upload would; the decisions are the history and the factory's
 * notifications.
 */
import { randomUUID } from "node:crypto";
import { removeAttachments } from "~/platform/attachments.server";
import type { DbOrTx } from "~/platform/db.server";
import type { Storage } from "~/platform/storage.server";
import type { Certification } from "~db/schema";
import * as schema from "~db/schema";

const DAY = 24 * 60 * 60 * 1000;

interface DemoCertificate {
  /** The factory's name in DEMO_FACTORIES. */
  factory: string;
  certification: Certification;
  state: "verified" | "pending" | "rejected";
  /** Days from now to its last day (none: no date given). */
  validDays?: number;
  note?: string;
}

export const DEMO_CERTIFICATES: readonly DemoCertificate[] = [
  { factory: "Фергана Трикотаж", certification: "oeko-tex-100", state: "verified", validDays: 540 },
  { factory: "Фергана Трикотаж", certification: "iso-9001", state: "verified", validDays: 900 },
  { factory: "Ташкент Коттон", certification: "gots", state: "verified", validDays: 300 },
  { factory: "Неман Трикотаж", certification: "oeko-tex-100", state: "verified", validDays: 420 },
  { factory: "Вильнюс Линен", certification: "oeko-tex-100", state: "verified" },
  { factory: "Бишкек Стиль", certification: "amfori-bsci", state: "verified", validDays: 200 },
  { factory: "Ала-Тоо Текстиль", certification: "iso-9001", state: "verified", validDays: 700 },
  { factory: "Ала-Тоо Текстиль", certification: "wrap", state: "pending", validDays: 365 },
  {
    factory: "Ала-Тоо Текстиль",
    certification: "sedex-smeta",
    state: "rejected",
    validDays: 30,
    note: "На скане не видны номер аудита и дата. Загрузите, пожалуйста, полный отчет SMETA в PDF.",
  },
];

/**
 * A small, well-formed one-page PDF with a title and a few lines (Latin letters: the built-in
 * Helvetica has no others); the demo's certificates and tech packs use it.
 */
export function demoPdf(title: string, lines: readonly string[] = []): Buffer {
  const clean = (text: string) => text.replace(/[()\\]/g, "");
  const stream = [
    `BT /F1 18 Tf 72 720 Td (${clean(title)}) Tj ET`,
    ...lines.map((line, i) => `BT /F1 11 Tf 72 ${690 - i * 18} Td (${clean(line)}) Tj ET`),
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (const [i, object] of objects.entries()) {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/**
 * Stores the certificates' files and writes the certificates, their decisions and the factories'
 * notifications (in the seed's transaction); the files go again when the writing fails.
 */
export async function seedDemoCertificates(
  tx: DbOrTx,
  storage: Storage,
  {
    factories,
    adminId,
    now,
  }: {
    factories: readonly { id?: string; userId: string; name: string }[];
    adminId: string;
    now: number;
  },
): Promise<number> {
  const stored: { url: string }[] = [];
  try {
    const certificates: (typeof schema.factoryCertificates.$inferInsert)[] = [];
    const decisions: (typeof schema.certificateDecisions.$inferInsert)[] = [];
    const notifications: (typeof schema.notifications.$inferInsert)[] = [];
    for (const [i, demo] of DEMO_CERTIFICATES.entries()) {
      const factory = factories.find((row) => row.name === demo.factory);
      if (!factory?.id) continue;
      const body = demoPdf(`${demo.certification} ${i + 1}`);
      const url = `attachments/${randomUUID()}.pdf`;
      await storage.put(url, body);
      stored.push({ url });
      const uploaded = new Date(now - (40 - i) * DAY);
      const decided = new Date(uploaded.getTime() + 2 * DAY);
      const id = randomUUID();
      const validUntil =
        demo.validDays === undefined
          ? null
          : new Date(Math.floor((now + demo.validDays * DAY) / DAY) * DAY);
      const decision = demo.state === "pending" ? null : demo.state;
      certificates.push({
        id,
        factoryId: factory.id,
        certification: demo.certification,
        file: [{ url, name: `${demo.certification}.pdf`, kind: "pdf", size: body.byteLength }],
        validUntil,
        status: demo.state,
        note: demo.note ?? null,
        decidedAt: decision ? decided : null,
        decidedBy: decision ? adminId : null,
        createdAt: uploaded,
        updatedAt: decision ? decided : uploaded,
      });
      if (decision) {
        decisions.push({
          certificateId: id,
          adminId,
          status: decision,
          note: demo.note ?? null,
          createdAt: decided,
        });
        notifications.push({
          userId: factory.userId,
          kind: decision === "verified" ? "certificate-verified" : "certificate-rejected",
          actorId: adminId,
          factoryId: factory.id,
          note: demo.note ?? null,
          certification: demo.certification,
          // Demo history: its letters count as sent.
          mailState: "sent",
          readAt: decision === "verified" ? decided : null,
          createdAt: decided,
        });
      }
    }
    if (certificates.length === 0) return 0;
    await tx.insert(schema.factoryCertificates).values(certificates);
    if (decisions.length > 0) await tx.insert(schema.certificateDecisions).values(decisions);
    if (notifications.length > 0) await tx.insert(schema.notifications).values(notifications);
    return certificates.length;
  } catch (error) {
    await removeAttachments(storage, stored);
    throw error;
  }
}
