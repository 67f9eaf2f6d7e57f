import { PlaceholderView } from './PlaceholderView';

/** Placeholder until its issue's engineer builds it. */
export function PhotoGalleryView() {
  return <PlaceholderView title="photos" fromEvent={true} />;
}
