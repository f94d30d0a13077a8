import type { AdminSubmission, LiveListing } from '../../../shared/schemas/submissions';
import { formatCedis } from '../../../shared/money';

type Shown = Pick<LiveListing, 'name' | 'description' | 'category' | 'condition' | 'region' | 'price'>;
const FIELDS: { key: keyof Shown; label: string; show?: (value: never) => string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'description', label: 'Description' },
  { key: 'category', label: 'Category' },
  { key: 'condition', label: 'Condition' },
  { key: 'region', label: 'Region' },
  { key: 'price', label: 'Price', show: (price: number) => formatCedis(price) },
];

/** A live listing's waiting changes: each changed field as buyers see it now beside the seller's new version. */
export function ListingChanges({ submission: s, live }: { submission: AdminSubmission; live: LiveListing }) {
  const changed = FIELDS.filter(({ key }) => s[key] !== live[key]);
  const picturesChanged = s.imagesUrls.join() !== live.imagesUrls.join();
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Changes waiting for review</caption>
        <thead>
          <tr className="text-gray-700">
            <th scope="col" className="py-1 pr-2 font-medium">Field</th>
            <th scope="col" className="py-1 pr-2 font-medium">Buyers see now</th>
            <th scope="col" className="py-1 font-medium">Seller's change</th>
          </tr>
        </thead>
        <tbody>
          {changed.map(({ key, label, show }) => (
            <tr key={key} className="border-t border-gray-200 align-top">
              <th scope="row" className="py-1 pr-2 font-medium text-gray-800">{label}</th>
              <td className="whitespace-pre-line py-1 pr-2 text-gray-700 [overflow-wrap:anywhere]">{show ? show(live[key] as never) : String(live[key])}</td>
              <td className="whitespace-pre-line py-1 font-medium text-gray-900 [overflow-wrap:anywhere]">{show ? show(s[key] as never) : String(s[key])}</td>
            </tr>
          ))}
          {picturesChanged && (
            <tr className="border-t border-gray-200 align-top">
              <th scope="row" className="py-1 pr-2 font-medium text-gray-800">Photos</th>
              <td className="py-1 pr-2 text-gray-700">{live.imagesUrls.length} photo(s)</td>
              <td className="py-1 font-medium text-gray-900">{s.imagesUrls.length} photo(s), shown above</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
