import { useState, type FormEvent } from 'react';
import { checkLineAtDropOff } from '../../../local/warehouse';
import type { LineToReceive } from '../../../shared/schemas/transport';
import { useT } from '../../i18n/language';

/** A reading typed with a comma or a point; empty is "not sent". */
const readingOf = (text: string): number | undefined => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? undefined : Number(trimmed);
};

/**
 * The check of one line at drop-off (issue 41, docs/quality.md): pass or fail, the moisture and
 * foreign matter for grains and legumes (the server computes the grade from them), notes. Queued
 * like the count-in, so it works offline; a refusal shows once the outbox replays it.
 */
export function CheckLine({ line }: { line: Pick<LineToReceive, 'orderId' | 'itemId' | 'productName' | 'orderNumber' | 'measured'> }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<'PASS' | 'FAIL'>('PASS');
  const [moisture, setMoisture] = useState('');
  const [foreignMatter, setForeignMatter] = useState('');
  const [notes, setNotes] = useState('');
  const [photo, setPhoto] = useState<File>();
  const id = `check-${line.orderId}-${line.itemId}`;
  if (!open) {
    return <button type="button" className="btn-outline" onClick={() => setOpen(true)}>{t('warehouse.check')}</button>;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void checkLineAtDropOff(line, {
      result,
      ...(line.measured ? { moisturePct: readingOf(moisture), foreignMatterPct: readingOf(foreignMatter) } : {}),
      notes,
      ...(photo ? { photo } : {}),
    });
    setOpen(false);
  };
  return (
    <form aria-labelledby={`${id}-title`} className="card w-full space-y-3 p-4" onSubmit={submit}>
      <h3 id={`${id}-title`} className="font-semibold">{t('warehouse.checkTitle', { name: line.productName })}</h3>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="text-sm">{t('warehouse.checkResult')}</legend>
        <label className="text-sm">
          <input type="radio" name={`${id}-result`} value="PASS" checked={result === 'PASS'} onChange={() => setResult('PASS')} /> {t('warehouse.checkPass')}
        </label>
        <label className="text-sm">
          <input type="radio" name={`${id}-result`} value="FAIL" checked={result === 'FAIL'} onChange={() => setResult('FAIL')} /> {t('warehouse.checkFail')}
        </label>
      </fieldset>
      {line.measured && (
        <div className="space-y-2">
          <p className="text-sm text-gray-700">{t('warehouse.checkReadingsHint')}</p>
          <div className="flex flex-wrap gap-3">
            <label className="text-sm">
              {t('warehouse.checkMoisture')}{' '}
              <input className="input w-24" required inputMode="decimal" pattern="\d{1,3}([.,]\d)?" value={moisture} onChange={(e) => setMoisture(e.target.value)} />
            </label>
            <label className="text-sm">
              {t('warehouse.checkForeignMatter')}{' '}
              <input className="input w-24" required inputMode="decimal" pattern="\d{1,3}([.,]\d)?" value={foreignMatter} onChange={(e) => setForeignMatter(e.target.value)} />
            </label>
          </div>
        </div>
      )}
      <label className="block text-sm">
        {t('warehouse.checkNotes')}
        <textarea className="input mt-1 w-full" maxLength={300} required={result === 'FAIL' && !line.measured} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </label>
      <label className="block text-sm">
        {t('warehouse.checkPhoto')}
        <input className="mt-1 block" type="file" accept="image/*" capture="environment" onChange={(e) => setPhoto(e.target.files?.[0])} />
      </label>
      {result === 'FAIL' && <p className="text-sm text-amber-800">{t('warehouse.checkFailWarning')}</p>}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary">{t('warehouse.checkSave')}</button>
        <button type="button" className="btn-outline" onClick={() => setOpen(false)}>{t('warehouse.checkCancel')}</button>
      </div>
    </form>
  );
}
