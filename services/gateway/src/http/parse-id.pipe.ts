import { isRecordId } from '@lectern/contracts';
import { Injectable, NotFoundException, type PipeTransform } from '@nestjs/common';

/** Ids are opaque: anything that is not one of ours is simply not found (404), never a database error. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, string> {
  constructor(private readonly notFoundMessage = 'Not found.') {}

  transform(value: string): string {
    if (!isRecordId(value)) throw new NotFoundException(this.notFoundMessage);
    return value.toLowerCase();
  }
}
