/**
 * Turns the demo's plain paragraphs into simple safe HTML. A paragraph starting with '## ' becomes a
 * heading, one starting with '- ' a list item (consecutive items form one list). Text is escaped, so
 * the output never contains markup that was not put there on purpose.
 */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function paragraphsToHtml(paragraphs: readonly string[]): string {
  let html = '';
  let inList = false;
  for (const paragraph of paragraphs) {
    const isItem = paragraph.startsWith('- ');
    if (inList && !isItem) {
      html += '</ul>';
      inList = false;
    }
    if (isItem) {
      if (!inList) html += '<ul>';
      inList = true;
      html += `<li>${escapeHtml(paragraph.slice(2))}</li>`;
    } else if (paragraph.startsWith('## ')) {
      html += `<h2>${escapeHtml(paragraph.slice(3))}</h2>`;
    } else {
      html += `<p>${escapeHtml(paragraph)}</p>`;
    }
  }
  if (inList) html += '</ul>';
  return html;
}
