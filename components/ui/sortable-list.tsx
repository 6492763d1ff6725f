'use client';

import {
  DragDropContext,
  Draggable,
  Droppable,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import type { KeyboardEvent, ReactNode } from 'react';

import { DragHandleIcon } from '@/components/ui/icons';
import { messages } from '@/lib/i18n/messages';
import { useDocumentNonce } from '@/lib/security/document-nonce';

import { moveItem } from './reorder';
import styles from './sortable-list.module.css';

export interface SortableListProps<T> {
  /** Unique per list on the page (hello-pangea's droppableId). */
  id: string;
  items: readonly T[];
  /** A stable key per item (also its draggableId). */
  getKey: (item: T) => string;
  /** The item's name, used for the drag handle's accessible name and the announcements. */
  getLabel: (item: T) => string;
  /** Called with the reordered list after a drop that moved something. */
  onReorder: (items: T[]) => void;
  /** The row's content; the drag handle is rendered before it. */
  renderItem: (item: T, index: number) => ReactNode;
  /** Accessible name of a handle; default `N번째 운동 {name} 순서 변경`. */
  handleLabel?: (item: T, index: number) => string;
}

/**
 * A vertical list reordered by drag and drop (@hello-pangea/dnd) with its built-in sensors: mouse
 * drag after 5 px of movement, touch after a 120 ms long press, and keyboard on the focused handle
 * (Space lifts, ↑/↓ move, Space drops, Escape cancels). Each row has a handle (role="button") with
 * an accessible name; moves are announced in Korean. Used by the routine edit modal and the day
 * log's edit modal.
 */
export function SortableList<T>({
  id,
  items,
  getKey,
  getLabel,
  onReorder,
  renderItem,
  handleLabel = (item, index) => messages.routine.reorderHandle(getLabel(item), index + 1),
}: SortableListProps<T>) {
  const nonce = useDocumentNonce();
  const labelAt = (index: number) => (items[index] ? getLabel(items[index]) : '');

  function onDragEnd(result: DropResult, provided: ResponderProvided) {
    const from = result.source.index;
    if (!result.destination) {
      provided.announce(messages.reorder.cancelled(labelAt(from)));
      return;
    }
    const to = result.destination.index;
    provided.announce(messages.reorder.dropped(labelAt(from), to + 1));
    if (to !== from) onReorder(moveItem(items, from, to));
  }

  // The dialog around the list closes on Escape; while a keyboard drag is cancelled by Escape the
  // library has already handled (and prevented) the key, so it must not reach the dialog.
  function onKeyDown(event: KeyboardEvent<HTMLOListElement>) {
    if (event.key === 'Escape' && event.nativeEvent.defaultPrevented) event.stopPropagation();
  }

  return (
    <DragDropContext
      // Its <style> elements need the page's Content-Security-Policy nonce.
      nonce={nonce}
      dragHandleUsageInstructions={messages.routine.reorderInstructions}
      onDragStart={(start, provided) =>
        provided.announce(
          messages.reorder.lifted(labelAt(start.source.index), start.source.index + 1),
        )
      }
      onDragUpdate={(update, provided) => {
        if (update.destination) {
          provided.announce(
            messages.reorder.moved(labelAt(update.source.index), update.destination.index + 1),
          );
        }
      }}
      onDragEnd={onDragEnd}
    >
      <Droppable droppableId={id}>
        {(droppable) => (
          <ol
            ref={droppable.innerRef}
            {...droppable.droppableProps}
            className={styles.list}
            onKeyDown={onKeyDown}
          >
            {items.map((item, index) => (
              <Draggable key={getKey(item)} draggableId={getKey(item)} index={index}>
                {(draggable, snapshot) => (
                  <li
                    ref={draggable.innerRef}
                    {...draggable.draggableProps}
                    className={`${styles.item} ${snapshot.isDragging ? styles.dragging : ''}`}
                  >
                    <div
                      {...draggable.dragHandleProps}
                      className={styles.handle}
                      aria-label={handleLabel(item, index)}
                    >
                      <DragHandleIcon />
                    </div>
                    <div className={styles.content}>{renderItem(item, index)}</div>
                  </li>
                )}
              </Draggable>
            ))}
            {droppable.placeholder}
          </ol>
        )}
      </Droppable>
    </DragDropContext>
  );
}
