import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { useSessionFailureOf } from '../../../lib/errors';
import { useAuth } from '../../account/auth';
import { userCan } from '../shell/gate';
import { TagIcon } from '../ui/admin-icons';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { AttributeItem } from './attribute-item';
import { NewAttributeForm } from './attribute-name-forms';
import { attributesQuery } from './attributes-api';

/**
 * The attributes tab: create, rename and delete attributes; expand
 * one to create, edit and delete its values, each with an additional price in the store's
 * currency. Without catalog.write (moderators) everything is read-only.
 */
export default function AttributesTab() {
  const { t } = useI18n();
  const { user } = useAuth();
  const canWrite = userCan(user, 'catalog.write');
  const attributes = useQuery(attributesQuery());
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());

  useSessionFailureOf(attributes.error);

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  let body;
  if (attributes.isPending) body = <LoadingPanel />;
  else if (attributes.isError) {
    body = <ErrorPanel title={t('admin-attributes.load_error')} error={attributes.error} onRetry={() => void attributes.refetch()} />;
  } else if (attributes.data.length === 0) {
    body = (
      <EmptyPanel
        icon={<TagIcon className="size-8" />}
        title={t('admin-attributes.empty_title')}
        text={canWrite ? t('admin-attributes.empty_text') : t('admin-attributes.empty_text_readonly')}
      />
    );
  } else {
    body = (
      <ul aria-label={t('admin-attributes.list_label')} className="flex flex-col gap-3">
        {attributes.data.map((attribute) => (
          <AttributeItem
            key={attribute.id}
            attribute={attribute}
            canWrite={canWrite}
            expanded={expanded.has(attribute.id)}
            onToggle={() => toggle(attribute.id)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section>
      <AdminPageHeader
        title={t('admin-attributes.title')}
        description={canWrite ? t('admin-attributes.description') : `${t('admin-attributes.description')} ${t('admin-attributes.readonly_note')}`}
      />
      {canWrite ? <NewAttributeForm onCreated={(id) => setExpanded((current) => new Set(current).add(id))} /> : null}
      {body}
    </section>
  );
}
