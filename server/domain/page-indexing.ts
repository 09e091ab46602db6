/**
 * Search-engine rules for pages (spec §2 "Page indexing"): the rules kernel's, so the server's page
 * documents, robots.txt and the browser's head tags can never disagree.
 */
export {
  NOINDEX_PATH_PREFIXES,
  robotsForPath,
  truncateDescription,
} from '../../shared-rules/page-indexing-rule';
