import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { ON_TIME_DROP_OFF_DAYS, type PublicRecord } from '../../../shared/schemas/sales-record';

/** pdf-lib's standard fonts write WinAnsi only: anything else (a name in another script, "₵") becomes '?'. */
const winAnsi = (text: string) => text.replace(/₵/g, 'S').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
const cedis = (value: number) => `GHS ${value.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** A one-page statement: the code, the figures, and a QR code of the record's page for a lender's phone. */
export async function recordPdf(r: PublicRecord, url: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Akuafo Market sales record ${r.code}`);
  pdf.setCreator('Akuafo Market');
  const pageRef = pdf.addPage([595, 842]); // A4
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 800;
  const line = (text: string, size = 10, f = font) => {
    pageRef.drawText(winAnsi(text), { x: 50, y, size, font: f, color: rgb(0.1, 0.17, 0.12) });
    y -= size + 6;
  };
  line('Akuafo Market: sales record', 18, bold);
  line(`${r.seller.name}, ${r.seller.region}`, 12, bold);
  line(`Verification code: ${r.code}`, 11, bold);
  line(`Made ${r.issuedAt}. Collected sales ${r.record.from} to ${r.record.to}.`);
  line(`Check it at ${url}`);
  y -= 6;
  const t = r.record.totals;
  line(`Totals: ${t.orders} orders, quantity ${t.quantity}, ${cedis(t.value)}, ${t.buyers} buyers`, 11, bold);
  if (t.onTimeShare !== undefined && t.onTimeShare !== null) line(`Dropped off on time (within ${ON_TIME_DROP_OFF_DAYS} days of payment): ${Math.round(t.onTimeShare * 100)}% of lots`);
  y -= 4;
  line('Month        Quantity   Value             Buyers', 10, bold);
  for (const m of r.record.months.filter((x) => x.quantity > 0)) line(`${m.month}      ${String(m.quantity).padEnd(10)} ${cedis(m.value).padEnd(17)} ${m.buyers}`);
  y -= 4;
  line('By commodity', 10, bold);
  for (const c of r.record.commodities.slice(0, 12)) line(`${c.commodity}: quantity ${c.quantity}, ${cedis(c.value)}, ${c.buyers} buyers`);
  line('Lots passed at the warehouse: not checked unless shown on the page.', 9);
  line('Signed by the server with Ed25519; the page shows how to check the signature.', 9);
  const qr = await pdf.embedPng(await QRCode.toBuffer(url, { type: 'png', margin: 1, width: 240 }));
  pageRef.drawImage(qr, { x: 400, y: 640, width: 140, height: 140 });
  return pdf.save();
}
