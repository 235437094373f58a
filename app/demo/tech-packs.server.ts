/**
 * The demo tenders' tech packs (docs/decisions/031): a small specification PDF on most tenders,
 * and a sketch picture on every other one, stored through the same checks and private storage as
 * a buyer's upload (storeAttachments).
 */
import type { Attachment } from "~/domain/attachments";
import { storeAttachments } from "~/platform/attachments.server";
import type { Storage } from "~/platform/storage.server";
import { demoPdf } from "./certificates.server";
import { productSvg, renderWebp, type Shape } from "./images.server";

/** Which demo tenders get a tech pack: three in four. */
export const hasDemoTechPack = (index: number) => index % 4 !== 3;

/** Stores the tech pack of the demo tender at `index`; its attachments. */
export async function storeDemoTechPack(
  storage: Storage,
  {
    index,
    quantity,
    shape,
    color,
  }: { index: number; quantity: number | null; shape: Shape; color: string },
): Promise<Attachment[]> {
  const spec = demoPdf(`Tech pack, tender ${index + 1}`, [
    `Quantity: ${quantity ?? "to be agreed"} pcs`,
    "Fabric, colour and finishing: as in the tender's description",
    "Size chart: XS-XXL, grading per the attached sketch",
    "Labels and packaging: buyer's brand book, one piece per polybag",
  ]);
  const files = [
    new File([new Uint8Array(spec)], "Техническое задание.pdf", { type: "application/pdf" }),
  ];
  if (index % 2 === 0) {
    const sketch = await renderWebp(productSvg(shape, color, index), 480);
    files.push(new File([new Uint8Array(sketch)], "Эскиз.webp", { type: "image/webp" }));
  }
  const stored = await storeAttachments(storage, files, "ru");
  if (!stored.ok) throw new Error(`demo tech pack refused: ${stored.errors.join("; ")}`);
  return stored.attachments;
}
