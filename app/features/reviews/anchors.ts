/** The id of a service page's own-rating box: links from elsewhere (a completed order) land on it. */
export const REVIEW_FORM_ID = "bewerten";
