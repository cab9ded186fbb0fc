import type { Language } from '../constants.js';

/** API texts of the back office's products (see api-messages.ts). */
export const productsMessages = {
  'validation.product_status_invalid': {
    ar: 'حالة المنتج يجب أن تكون منشور أو مسودة',
    en: 'The status must be published or draft',
  },
  'product.name_required': { ar: 'اسم المنتج مطلوب', en: 'The product name is required' },
  'product.price_required': { ar: 'السعر مطلوب', en: 'The price is required' },
  'product.price_invalid': {
    ar: 'السعر يجب أن يكون رقماً من 0 فأكثر وبثلاث خانات عشرية على الأكثر',
    en: 'The price must be a number of 0 or more with at most 3 decimals',
  },
  'product.sale_price_invalid': {
    ar: 'سعر التخفيض يجب أن يكون رقماً من 0 فأكثر وبثلاث خانات عشرية على الأكثر',
    en: 'The sale price must be a number of 0 or more with at most 3 decimals',
  },
  'product.sale_price_above_price': {
    ar: 'سعر التخفيض يجب ألا يزيد عن السعر',
    en: 'The sale price cannot be higher than the price',
  },
  'product.stock_required': {
    ar: 'الكمية في المخزون مطلوبة',
    en: 'The stock quantity is required',
  },
  'product.stock_invalid': {
    ar: 'الكمية في المخزون يجب أن تكون رقماً صحيحاً من 0 فأكثر',
    en: 'The stock quantity must be a whole number of 0 or more',
  },
  'product.category_required': { ar: 'الفئة مطلوبة', en: 'The category is required' },
  'product.category_not_found': {
    ar: 'الفئة المختارة غير موجودة',
    en: 'The chosen category does not exist',
  },
  'product.sku_taken': {
    ar: 'رمز المنتج (SKU) مستخدم لمنتج آخر',
    en: 'This SKU is already used by another product',
  },
  'product.featured_invalid': {
    ar: 'قيمة "مميز" يجب أن تكون 1 أو 0',
    en: 'Featured must be 1 or 0',
  },
  'product.images_too_many': {
    ar: 'لا يمكن أن يكون للمنتج أكثر من {max} صور',
    en: 'A product can have at most {max} images',
  },
  'product.existing_images_invalid': {
    ar: 'قائمة الصور المحفوظة غير صحيحة',
    en: 'The list of images to keep is invalid',
  },
  'product.image_unknown': {
    ar: 'إحدى الصور المطلوب الإبقاء عليها لا تخص هذا المنتج',
    en: 'An image to keep does not belong to this product',
  },
  'product.image_order_invalid': {
    ar: 'ترتيب الصور غير صحيح: يجب أن يذكر كل صورة مرة واحدة',
    en: 'The image order is invalid: it must name every image once',
  },
  'product.image_not_found': { ar: 'الصورة غير موجودة', en: 'Image not found' },
  'product.image_deleted': { ar: 'تم حذف الصورة', en: 'Image deleted' },
  'product.deleted': { ar: 'تم حذف المنتج بنجاح', en: 'Product deleted successfully' },
  'product.attribute_variations_invalid': {
    ar: 'قائمة خيارات المنتج غير صحيحة',
    en: 'The list of product options is invalid',
  },
  'product.attribute_invalid': {
    ar: 'الخاصية غير صحيحة',
    en: 'The attribute is invalid',
  },
  'product.variation_invalid': {
    ar: 'قيمة الخاصية غير صحيحة',
    en: 'The attribute value is invalid',
  },
  'product.variation_not_found': {
    ar: 'قيمة الخاصية غير موجودة',
    en: 'This attribute value does not exist',
  },
  'product.variation_not_of_attribute': {
    ar: 'هذه القيمة لا تتبع الخاصية المختارة',
    en: 'This value does not belong to the chosen attribute',
  },
  'product.variation_duplicate': {
    ar: 'هذه القيمة مضافة أكثر من مرة',
    en: 'This value is listed more than once',
  },
  'product.variation_price_invalid': {
    ar: 'سعر الخيار يجب أن يكون رقماً من 0 فأكثر وبثلاث خانات عشرية على الأكثر',
    en: 'The option price must be a number of 0 or more with at most 3 decimals',
  },
  'product.variation_sort_order_invalid': {
    ar: 'ترتيب الخيار يجب أن يكون رقماً صحيحاً من 0 فأكثر',
    en: 'The option order must be a whole number of 0 or more',
  },
  'product.attributes_too_many': {
    ar: 'عدد خيارات المنتج أكبر من المسموح ({max})',
    en: 'Too many product options (at most {max})',
  },
  'stock.reason.order_placed': { ar: 'طلب جديد', en: 'Order placed' },
  'stock.reason.order_released': {
    ar: 'إرجاع للمخزون (إلغاء أو استرداد أو حذف طلب)',
    en: 'Returned to stock (order cancelled, refunded or deleted)',
  },
  'stock.reason.order_retaken': {
    ar: 'أُخذ من المخزون مجدداً (إعادة فتح طلب أو دفع متأخر)',
    en: 'Taken again (order reopened or paid late)',
  },
  'stock.reason.refund_restock': { ar: 'إرجاع للمخزون مع استرداد جزئي', en: 'Restocked by a partial refund' },
  'stock.reason.created': { ar: 'إنشاء المنتج', en: 'Product created' },
  'stock.reason.edit': { ar: 'تعديل في لوحة التحكم', en: 'Edited in the back office' },
  'stock.reason.import': { ar: 'استيراد ملف', en: 'Imported from a file' },
  'stock.reason.bulk_edit': { ar: 'تعديل جماعي', en: 'Bulk edit' },
  'stock.reason.opening': { ar: 'الرصيد الافتتاحي', en: 'Opening balance' },
  'product_import.file_required': {
    ar: 'اختر ملف CSV للاستيراد (الحقل file)',
    en: 'Choose a CSV file to import (the field file)',
  },
  'product_import.one_file': {
    ar: 'أرسل ملفاً واحداً فقط في الحقل file',
    en: 'Send one file only, in the field file',
  },
  'product_import.file_too_large': {
    ar: 'الملف أكبر من {max} ميغابايت: قسّمه إلى ملفات أصغر',
    en: 'The file is larger than {max} MB: split it into smaller files',
  },
  'product_import.too_many_rows': {
    ar: 'الملف فيه أكثر من {max} صف من المنتجات: قسّمه إلى ملفات أصغر',
    en: 'The file has more than {max} product rows: split it into smaller files',
  },
  'product_import.empty': { ar: 'الملف فارغ', en: 'The file is empty' },
  'product_import.no_rows': {
    ar: 'الملف فيه صف العناوين فقط ولا منتجات فيه',
    en: 'The file has only its header row, no products',
  },
  'product_import.not_csv': {
    ar: 'هذا ليس ملف CSV نصياً بترميز UTF-8: صدّر المنتجات واحفظ الملف بصيغة CSV UTF-8',
    en: 'This is not a CSV text file in UTF-8: export the products and save the file as CSV UTF-8',
  },
  'product_import.csv_invalid': {
    ar: 'تعذرت قراءة الملف كملف CSV عند السطر {line} (علامة اقتباس لم تُغلق؟)',
    en: 'The file cannot be read as CSV at line {line} (a quote left open?)',
  },
  'product_import.unknown_columns': {
    ar: 'أعمدة غير معروفة: {columns}. الأعمدة هي أعمدة ملف التصدير',
    en: 'Unknown columns: {columns}. The columns are those of the export',
  },
  'product_import.repeated_column': {
    ar: 'العمود {column} مذكور أكثر من مرة في صف العناوين',
    en: 'The column {column} appears more than once in the header row',
  },
  'product_import.cell_count': {
    ar: 'في هذا الصف {count} خانة وفي صف العناوين {expected}',
    en: 'This row has {count} cells and the header row {expected}',
  },
  'product_import.id_invalid': {
    ar: 'رقم المنتج يجب أن يكون عدداً صحيحاً موجباً',
    en: 'The product id must be a positive whole number',
  },
  'product_import.id_not_found': {
    ar: 'لا يوجد منتج بهذا الرقم',
    en: 'No product has this id',
  },
  'product_import.same_product': {
    ar: 'هذا المنتج مذكور أيضاً في الصف {row}',
    en: 'This product is also in row {row}',
  },
  'product_import.sku_repeated': {
    ar: 'رمز المنتج (SKU) هذا مذكور أيضاً في الصف {row}',
    en: 'This SKU is also in row {row}',
  },
  'product_import.cannot_clear': {
    ar: 'لا يمكن مسح هذه القيمة: اتركها فارغة لإبقائها كما هي',
    en: 'This value cannot be cleared: leave the cell blank to keep it',
  },
  'product_import.category_not_found': {
    ar: 'لا توجد فئة بالمعرّف (slug) {slug}',
    en: 'No category has the slug {slug}',
  },
  'product_import.featured_invalid': {
    ar: 'قيمة "مميز" يجب أن تكون true أو false',
    en: 'Featured must be true or false',
  },
  'product_import.image_foreign': {
    ar: 'تُقبل صور هذا المتجر فقط: ارفع الصور الجديدة من نموذج المنتج',
    en: "Only this shop's images are accepted: upload new pictures in the product form",
  },
  'product_import.image_not_of_product': {
    ar: 'هذه الصورة ليست من صور هذا المنتج: ارفع الصور الجديدة من نموذج المنتج',
    en: "This picture is not one of this product's: upload new pictures in the product form",
  },
  'product_import.image_repeated': {
    ar: 'الصورة مذكورة أكثر من مرة',
    en: 'A picture is listed more than once',
  },
  'product_import.refused': {
    ar: 'لم يُستورد شيء: في الملف صفوف فيها أخطاء، صحّحها ثم أعد المحاولة',
    en: 'Nothing was imported: some rows have errors; fix them and try again',
  },
} as const satisfies Record<string, Record<Language, string>>;
