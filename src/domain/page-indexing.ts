/**
 * Search-engine rules for pages (spec §2 "Page indexing"): the rules kernel's, so the browser's head
 * tags and the server's page documents can never disagree.
 */
export {
  DESCRIPTION_MAX_LENGTH,
  NOINDEX_PATH_PREFIXES,
  type RobotsDirective,
  robotsForPath,
  truncateDescription,
} from '../../shared-rules/page-indexing-rule';
