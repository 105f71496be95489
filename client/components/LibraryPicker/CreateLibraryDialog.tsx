import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRef } from 'react';
import toast from 'react-hot-toast';
import { createLibraryInput, type Library } from '../../../shared/schemas';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { useZodForm } from '../../hooks/use-zod-form';
import { createLibraryError } from '../../lib/error-messages';
import { newRequestKey } from '../../lib/request-key';
import { trpc } from '../../trpc';
import { busyProps } from '../../lib/busy';

/** Library admins create a library; they become its first staff member and it is selected. */
export function CreateLibraryDialog({ onCreated }: { onCreated: (library: Library) => void }) {
  const [opened, { open, close }] = useDisclosure(false);
  const utils = trpc.useUtils();
  const form = useZodForm(createLibraryInput, { name: '' });
  const create = trpc.libraries.create.useMutation({
    onSuccess: async (library) => {
      toast.success(`Library "${library.name}" created successfully!`);
      await utils.libraries.list.invalidate();
      onCreated(library);
      dismiss();
    },
    // A name already taken is the name field's fault: said there, where a toast would cover the dialog on a phone.
    onError: (error) => {
      if (error.data?.code === 'CONFLICT') form.setErrors({ name: createLibraryError(error) });
      else toast.error(createLibraryError(error));
    },
  });
  const createOnce = useOneAtATime(create);
  /**
   * The last create sent: the same name sent again (its answer lost, or refused) goes with its key, so that
   * the server answers the library it made, if it made one; a name the dialog has not sent yet is a new create.
   */
  const lastSent = useRef<{ name: string; requestKey: string } | null>(null);
  const keyFor = (name: string) => {
    if (lastSent.current?.name !== name) lastSent.current = { name, requestKey: newRequestKey() };
    return lastSent.current.requestKey;
  };
  const dismiss = () => {
    close();
    form.reset();
    lastSent.current = null;
  };

  return (
    <>
      <Button variant="light" onClick={open}>
        Create Library
      </Button>
      {/* While it is created, Escape and a tap outside do what the disabled Cancel does: nothing (its answer closes the dialog). */}
      <Modal opened={opened} onClose={() => !create.isPending && dismiss()} title="Create Library">
        <form onSubmit={form.handleSubmit((data) => {
          createOnce({ ...data, requestKey: keyFor(data.name) });
        })} noValidate>
          <Stack>
            <TextInput label="Library name" placeholder="e.g. Westside Branch" required data-autofocus {...form.inputProps('name')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={dismiss} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" {...busyProps(create.isPending)}>
                {create.isPending ? 'Creating...' : 'Create'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
