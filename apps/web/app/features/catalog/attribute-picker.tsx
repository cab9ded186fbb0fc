import { toThousandths, type ProductAttribute } from '@shop/shared';
import { Price } from '../../components/ui/price';
import { useI18n } from '../../i18n/i18n';
import { attributeName, variationTitle } from '../../lib/localized';
import type { AttributeSelection } from './product-options';

/** Element id of an attribute's first choice, to move focus there when it is missing. */
export function attributeInputId(attributeId: number, variationId: number): string {
  return `attribute-${attributeId}-${variationId}`;
}

/**
 * One radio group per attribute, drawn as chips, each choice with its surcharge. `errors` holds
 * the 'please choose {attribute}' message of each attribute still missing once the shopper tried
 * to continue.
 */
export function AttributePicker({
  attributes,
  selection,
  errors,
  onChoose,
}: {
  attributes: readonly ProductAttribute[];
  selection: AttributeSelection;
  errors: ReadonlyMap<number, string>;
  onChoose: (attributeId: number, variationId: number) => void;
}) {
  const { lang } = useI18n();
  return (
    <div className="flex flex-col gap-4">
      {attributes
        .filter((attribute) => attribute.variations.length > 0)
        .map((attribute) => {
          const error = errors.get(attribute.id);
          const errorId = `attribute-${attribute.id}-error`;
          return (
            <fieldset key={attribute.id} aria-describedby={error ? errorId : undefined}>
              <legend className="mb-2 text-sm font-semibold text-stone-800">
                {attributeName(lang, attribute)}
                <span className="text-red-700" aria-hidden="true">
                  {' *'}
                </span>
              </legend>
              <div className="flex flex-wrap gap-2">
                {attribute.variations.map((variation) => {
                  const surcharge = toThousandths(variation.additional_price);
                  const checked = selection[attribute.id] === variation.id;
                  return (
                    <label
                      key={variation.id}
                      className={`flex min-h-11 min-w-11 cursor-pointer items-center gap-1.5 rounded-lg border px-3 py-2 text-sm transition lg:min-h-10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                        checked
                          ? 'border-brand-700 bg-brand-50 font-semibold text-brand-900 ring-1 ring-brand-700'
                          : error
                            ? 'border-red-300 bg-white text-stone-800 hover:border-brand-600'
                            : 'border-stone-300 bg-white text-stone-800 hover:border-brand-600'
                      }`}
                    >
                      <input
                        type="radio"
                        id={attributeInputId(attribute.id, variation.id)}
                        name={`attribute-${attribute.id}`}
                        value={variation.id}
                        checked={checked}
                        required
                        onChange={() => onChoose(attribute.id, variation.id)}
                        className="sr-only"
                      />
                      {variationTitle(lang, variation)}
                      {surcharge !== 0 && (
                        <Price value={surcharge} signed className="text-xs font-normal text-stone-600" testId="option-surcharge" />
                      )}
                    </label>
                  );
                })}
              </div>
              {error && (
                <p id={errorId} className="mt-1.5 text-sm font-semibold text-red-700">
                  {error}
                </p>
              )}
            </fieldset>
          );
        })}
    </div>
  );
}
