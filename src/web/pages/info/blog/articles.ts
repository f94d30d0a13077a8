import type { Block } from '../content';

export interface Article {
  /** Used in the address: /blog/{id}. */
  id: string;
  title: string;
  /** ISO date of publication. */
  date: string;
  author: string;
  summary: string;
  readMinutes: number;
  body: Block[];
}

/** The blog: practical articles for Ghanaian farmers and buyers, newest first. */
export const ARTICLES: Article[] = [
  {
    id: 'drying-maize-for-better-prices',
    title: 'Dry, clean, bagged: getting a better price for your maize',
    date: '2026-09-14',
    author: 'Yaw Boateng, grain quality officer',
    summary:
      'Bulk buyers pay more for maize that is dry, clean and free of mould. How to bring your grain to 13% moisture, test it without a meter, and store it so it keeps its grade.',
    readMinutes: 5,
    body: [
      {
        type: 'p',
        text: 'Most of the price difference between two bags of maize at the market is not the variety: it is moisture, cleanliness and mould. Feed mills, poultry farms and aggregators on Akuafo Market grade every delivery, and wet or dirty grain is either refused or bought at a discount. The good news is that the steps that protect your price are cheap.',
      },
      { type: 'h2', text: 'Harvest at the right time' },
      {
        type: 'p',
        text: 'Harvest when the husks have dried and a black layer has formed at the base of the kernels. Leaving cobs standing in the field for weeks after that invites weevils, rodents and rain damage. In the major season, plan labour so the harvest does not drag into the late rains.',
      },
      { type: 'h2', text: 'Dry to 13% moisture or below' },
      {
        type: 'p',
        text: 'Maize stores safely at about 13% moisture. Above that, moulds grow quickly, and some of them (Aspergillus flavus in particular) produce aflatoxin, a poison that buyers test for and that no amount of sorting removes.',
      },
      {
        type: 'ul',
        items: [
          'Dry on tarpaulins, a raised platform or a clean concrete floor, never on bare soil.',
          'Spread the grain thinly and turn it several times a day.',
          'Cover it at night and before rain, and keep animals off the drying area.',
          'Shell cobs only when they are dry enough; shelling wet maize cracks the kernels.',
        ],
      },
      { type: 'h2', text: 'The salt test: checking moisture without a meter' },
      {
        type: 'ol',
        items: [
          'Dry some table salt in a pan over the fire and let it cool.',
          'Fill a clean, dry bottle about one third with shelled maize and add two or three spoons of the dry salt.',
          'Close the bottle, shake it for two to three minutes and let it stand for fifteen minutes.',
          'If salt sticks to the inside of the bottle, the grain is still too wet (above about 15%): dry it longer. If the salt falls freely, it is ready to store.',
        ],
      },
      { type: 'h2', text: 'Clean and sort before you bag' },
      {
        type: 'p',
        text: 'Winnow out chaff, stones and broken kernels, and pick out mouldy, discoloured or insect-damaged grains. A cleaner lot grades higher, weighs honestly and keeps better.',
      },
      { type: 'h2', text: 'Store it airtight' },
      {
        type: 'p',
        text: 'Hermetic storage bags (a plastic liner inside a woven bag, sold by most input dealers) starve weevils of oxygen without chemicals. Tie the liner tightly, keep bags on pallets off the floor and away from walls, and check them every few weeks. If you use a storage chemical, use only a product registered for grain and follow the label.',
      },
      {
        type: 'p',
        text: 'When you list your maize on Akuafo Market, say how it was dried and stored and add a clear photo of a handful of grain. Buyers read those details, and they are often what wins the order.',
      },
    ],
  },
  {
    id: 'paying-safely-with-mobile-money',
    title: 'Paying safely with mobile money on Akuafo Market',
    date: '2026-07-02',
    author: 'Akuafo Market support team',
    summary:
      'How a mobile money payment works at checkout, how to know your order is really paid, and the simple rules that keep scammers away from your wallet.',
    readMinutes: 4,
    body: [
      {
        type: 'p',
        text: 'Every order on Akuafo Market is paid with mobile money: MTN Mobile Money, Telecel Cash (formerly Vodafone Cash) or AT Money (formerly AirtelTigo Money). You never need a bank card, and your money goes through the licensed payment provider, not through a seller’s personal number.',
      },
      { type: 'h2', text: 'What happens when you pay' },
      {
        type: 'ol',
        items: [
          'At checkout, choose your pickup warehouse, pick your network and enter the number of the wallet you will pay from.',
          'Press Complete Order. A payment prompt appears on that phone, showing the amount and the merchant name.',
          'Check that the amount matches your order total, then approve it with your PIN on your own phone.',
          'Your order shows as PAID only after we have confirmed the payment with the provider, amount and currency included.',
        ],
      },
      {
        type: 'p',
        text: 'If the prompt does not arrive, make sure the phone has signal and enough balance, then try again from the order page. If money left your wallet but the order is not marked paid within an hour, contact us with the transaction ID from your SMS: we will match it for you.',
      },
      { type: 'h2', text: 'Rules that keep your wallet safe' },
      {
        type: 'ul',
        items: [
          'Never tell anyone your mobile money PIN. Akuafo Market staff will never ask for it, by phone, SMS or WhatsApp.',
          'Pay only through the checkout. A seller who asks you to send money to a personal number is breaking our rules: report them to us.',
          'Approve only prompts you started yourself, for the amount you expect.',
          'Keep the confirmation SMS until you have collected your order.',
        ],
      },
      { type: 'h2', text: 'Refunds' },
      {
        type: 'p',
        text: 'When a refund is approved, for a cancelled order or an accepted return, it goes back to the same wallet you paid from, normally within five business days.',
      },
      { type: 'link', before: 'Something not right with a payment?', to: '/contact', label: 'Contact our support team' },
    ],
  },
  {
    id: 'keeping-yams-after-harvest',
    title: 'Keeping yams sound after harvest: a barn checklist',
    date: '2026-04-20',
    author: 'Efua Asante, agronomist',
    summary:
      'Yams can keep for months, or rot in weeks. Careful handling, curing and a well-aired barn make the difference for farmers holding stock for a better price.',
    readMinutes: 5,
    body: [
      {
        type: 'p',
        text: 'Prices for yam are lowest just after the main harvest and climb steadily in the months that follow. Farmers who can store tubers well can sell when prices are better, but losses in storage are often high: bruised tubers rot, sprouting eats the flesh, and rodents and insects take their share. These steps cut those losses.',
      },
      { type: 'h2', text: 'Handle tubers like eggs' },
      {
        type: 'ul',
        items: [
          'Dig carefully and wide of the tuber; a cut or broken tuber is the first to rot.',
          'Do not throw yams into trucks or onto heaps. Pass them by hand and pack them in layers.',
          'Do not wash tubers before storage, and leave the soil that clings to them to dry and fall off.',
          'Set aside damaged tubers to sell or eat first instead of storing them with sound ones.',
        ],
      },
      { type: 'h2', text: 'Cure before storing' },
      {
        type: 'p',
        text: 'Curing lets small wounds heal under a corky layer. Keep freshly harvested tubers in a warm, humid, shaded place (for example, under dry grass in the shade) for four to seven days before moving them to the barn.',
      },
      { type: 'h2', text: 'Build or prepare a good barn' },
      {
        type: 'ul',
        items: [
          'Choose a shaded, well-drained site; direct sun and standing water both shorten storage life.',
          'Let air move freely: an open-sided barn with vertical poles where tubers are tied individually, or slatted racks, works better than heaps.',
          'Keep tubers off the ground and give the barn a roof of thatch or another material that does not trap heat.',
          'Clear grass and rubbish around the barn to discourage rodents and termites.',
        ],
      },
      { type: 'h2', text: 'Inspect every two weeks' },
      {
        type: 'p',
        text: 'Walk through the barn every fortnight. Remove soft, smelly or leaking tubers at once, before rot spreads to their neighbours. Rub off sprouts as they appear: sprouting draws water and starch out of the tuber and reduces its weight and taste.',
      },
      { type: 'h2', text: 'Selling from storage' },
      {
        type: 'p',
        text: 'Listing stored yams on Akuafo Market lets buyers across Ghana see your stock while it is still in the barn. Give an honest count and size grade, say when the tubers were harvested, and update the stock quantity as you sell so buyers never order what you no longer have.',
      },
    ],
  },
];

export const findArticle = (id: string | undefined) => ARTICLES.find((a) => a.id === id);
