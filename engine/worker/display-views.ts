/** How the worker shows collections and documents to the page: display trees and texts. */

/** Documents of a `CollectionView` that come with display trees (the first page). */
export const COLLECTION_PAGE = 100;

/** A value for display: scalars carry their shell text and BSON type name. */
export type TreeNode =
  | { readonly t: 'doc'; readonly fields: readonly (readonly [string, TreeNode])[] }
  | { readonly t: 'arr'; readonly items: readonly TreeNode[] }
  | { readonly t: 'val'; readonly type: string; readonly text: string };

export interface DocumentView {
  /** Typed relaxed Extended JSON (int `5`, double `5.0`, long `{"$numberLong": "5"}`), editable. */
  readonly ejson: string;
  readonly tree: TreeNode;
}

/**
 * A collection for display. Every document's EJSON text comes along (the page keeps, saves and
 * shares them; a large collection as one text), but display trees only for the first
 * `COLLECTION_PAGE` documents: the page asks for more (`documents`) as the user scrolls.
 */
export interface CollectionView {
  readonly name: string;
  /** How many documents the collection holds. */
  readonly count: number;
  /**
   * Every document as typed relaxed Extended JSON, in order: one text per document, or, over
   * `PACK_THRESHOLD` documents, one text of them all joined by `,\n` (work-requests.ts).
   */
  readonly texts: readonly string[];
  /** The first `COLLECTION_PAGE` documents, with their display trees. */
  readonly documents: readonly DocumentView[];
  /** `create` options (validator, collation …) as typed EJSON text, when there are any. */
  readonly options?: string;
  /** The shard key (typed EJSON on one line) when the collection is sharded. */
  readonly shardKey?: string;
  /** Index specs other than `_id_`, as typed EJSON text of an array, when there are any. */
  readonly indexes?: string;
}

export interface DeploymentList {
  readonly current: string;
  readonly available: readonly string[];
}
