import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../shared/constants';

/** Sets the page title: the page's own name plus the product name. */
export function useDocumentTitle(title: string | null, withProduct = true) {
  useEffect(() => {
    if (title) document.title = withProduct ? `${title} | ${PRODUCT_NAME}` : title;
  }, [title, withProduct]);
}
