/**
 * Started by main.tsx: makes the browser load its date-formatting data (ICU) on this
 * thread, not the page's. That data is shared by the whole page, so the app's first date
 * (the events list) then formats at once instead of holding the main thread for tens of
 * milliseconds. It answers nothing and ends itself.
 */
const now = new Date();
new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(now);
new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(now);
self.close();
