/** Where the browser fetches a stored image. */
export const imageUrl = (imageId: number): string => `/api/image/${imageId}`
