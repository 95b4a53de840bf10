export { FavoritesPicker, type FavoritesPickerProps } from './FavoritesPicker';
export * from './favorites.logic';
