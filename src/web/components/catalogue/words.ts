import { CATEGORIES, CONDITIONS, type Category, type Condition } from '../../../shared/catalogue';
import { t } from '../../../shared/i18n';

/**
 * A category's name in the reader's language. The data keeps the English name (it is in
 * addresses and the API); one the catalogue does not know is shown as it is.
 */
export function categoryName(category: string): string {
  return CATEGORIES.includes(category as Category) ? t(`card.category.${category as Category}`) : category;
}

/** "Organic", "Premium", "Standard" in the reader's language. */
export function conditionName(condition: string): string {
  return CONDITIONS.includes(condition as Condition) ? t(`filters.condition.${condition as Condition}`) : condition;
}
